import type { ReactNode } from 'react';
import type { OpenApiDocument } from '../api/get-openapi.ts';
import { ApiDownloads } from './api-downloads.tsx';

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] text-slate-900 dark:bg-slate-800 dark:text-slate-100">
      {children}
    </code>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="space-y-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{children}</div>
    </section>
  );
}

const pre =
  'overflow-x-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 text-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** The rules every reseller call shares; the limit and the charging calls are read from the live description. */
export function ResellerOverview({ doc }: { doc: OpenApiDocument }) {
  const operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/reseller/'))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const perMinute = operations.find((o) => o.operation['x-rate-limit'])?.operation['x-rate-limit']?.perMinute;
  const charging = operations.filter((o) => o.operation.parameters?.some((p) => p.name === 'Idempotency-Key'));
  const origin = window.location.origin;
  return (
    <div className="space-y-10">
      <Section title="Authentication">
        <p>Every call sends two headers of the same account:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <Code>x-api-key</Code>: your reseller API key. Members of the reseller programme create it on their reseller
            dashboard (it is shown once; creating a new one revokes the old one); API accounts get theirs from our
            staff.
          </li>
          <li>
            <Code>{'Authorization: Bearer <accessToken>'}</Code>: the token from signing in with{' '}
            <Code>POST /api/v1/auth/login</Code>. It expires; sign in again when a call answers 401.
          </li>
        </ul>
        <pre tabIndex={0} role="region" aria-label="Signing in" className={pre}>
          {`curl -sS -X POST '${origin}/api/v1/auth/login' \\
  -H 'content-type: application/json' \\
  --data '{"login":"your-username","password":"…"}'
# → { "status": 200, "message": "Login successful", "payload": { "accessToken": "eyJ…", … } }`}
        </pre>
        <p>
          A missing, unknown or revoked key, a missing or expired token, or a token of another account answers 401; the
          payload says which.
        </p>
      </Section>
      <Section title="Calls that charge: Idempotency-Key">
        <p>
          Calls that take money from your balance need an <Code>Idempotency-Key</Code> header: 8 to 100 letters, digits,{' '}
          <Code>-</Code> <Code>_</Code> <Code>.</Code> or <Code>:</Code>, new for each order. Sending the same key with
          the same body again (a retry after a timeout) answers the first result and charges nothing more; the same key
          with another body answers 422. A call that failed stored nothing, so it may be retried with the same key.
        </p>
        {charging.length > 0 && (
          <ul aria-label="Calls that charge" className="list-disc space-y-1 pl-5">
            {charging.map((o) => (
              <li key={o.method + o.path}>
                <Code>
                  {o.method.toUpperCase()} {o.path}
                </Code>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Rate limits">
        <p>
          {perMinute ? `At most ${perMinute} calls a minute per key` : 'Calls are limited per key'}. Above it, calls
          answer 429 with a <Code>Retry-After</Code> header saying how many seconds to wait.
        </p>
      </Section>
      <Section title="Answers and errors">
        <p>
          Every answer is an envelope <Code>{'{ status, message, payload }'}</Code>. Bad input answers 400{' '}
          <Code>Validation Error</Code> with <Code>payload.fields</Code> naming each field; a plan or sub-user that is
          not yours answers 404; a key that may not make the call answers 403. Each call’s page lists every refusal with
          its exact message.
        </p>
      </Section>
      <Section title="Typed client and downloads">
        <p>
          From TypeScript or JavaScript, <Code>createClient</Code> of <Code>@tollgate/contract/client</Code> makes every
          call by its name with typed requests and answers, adds the <Code>Idempotency-Key</Code> itself, retries a lost
          answer or a 503 with the same key, and returns refusals as values with the exact message. Each call’s page
          shows it beside curl. The API description is also here for a client generator, Postman or Insomnia:
        </p>
        <ApiDownloads doc={doc} />
      </Section>
    </div>
  );
}
