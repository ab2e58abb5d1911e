import { useState } from 'react';
import { Note, Section, Ui } from '../components/guide-blocks.tsx';
import { CodeBlock } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { buildIntegrationSnippet, CHECK_URL, SNIPPET_TITLES, SNIPPETS } from '../utils/integration-snippets.ts';

export const usesValues = true;

export default function IntegrationCodesGuide() {
  const v = useProxyValues();
  const [socks, setSocks] = useState(false);
  return (
    <>
      <p>
        Each sample sends one request to <Val>{CHECK_URL}</Val> through your proxy and prints the answer: the exit IP.
        Swap the URL for your target. Add targeting to the username as in <Val>{`${v.username}-country-us`}</Val>{' '}
        without changing anything else.
      </p>
      <div
        role="radiogroup"
        aria-label="Proxy protocol"
        className="inline-flex rounded-lg border border-slate-200 p-1 dark:border-slate-700"
      >
        {[false, true].map((value) => (
          <button
            key={String(value)}
            type="button"
            role="radio"
            aria-checked={socks === value}
            onClick={() => setSocks(value)}
            className={
              socks === value
                ? 'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white'
                : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }
          >
            {value ? `SOCKS5 (port ${v.socksPort})` : `HTTP (port ${v.httpPort})`}
          </button>
        ))}
      </div>
      {!v.revealed && v.own && (
        <Note title="Password hidden">
          <p>
            The samples say <Val>PASSWORD</Val> until you press <Ui>Show password</Ui> above, so they are safe to show
            on screen.
          </p>
        </Note>
      )}
      {SNIPPETS.map((id) => (
        <Section key={id} id={`code-${id}`} title={SNIPPET_TITLES[id]}>
          <CodeBlock label={`${SNIPPET_TITLES[id]} sample`} code={buildIntegrationSnippet(id, v, socks)} />
        </Section>
      ))}
      <Note title="Many parallel requests">
        <p>
          Reuse one client or session object and its connections: each new connection on a rotating username gets a new
          IP, while requests on an open connection keep it. Thread plans cap how many connections run at once.
        </p>
      </Note>
    </>
  );
}
