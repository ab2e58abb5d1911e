import { Link } from 'react-router';
import { CodeBlock, Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { buildIntegrationSnippet } from '../utils/integration-snippets.ts';

export const usesValues = true;

const link = 'font-medium text-brand-700 underline dark:text-brand-300';

export default function ProxyCheckerGuide() {
  const v = useProxyValues();
  const geo = `curl --proxy 'http://${v.host}:${v.httpPort}' --proxy-user '${v.username}-country-de:${v.password}' https://ipinfo.io/json`;
  const sticky = [
    `for i in 1 2 3; do`,
    `  curl -s --proxy 'http://${v.host}:${v.httpPort}' --proxy-user '${v.username}-session-check1:${v.password}' https://api.ipify.org; echo`,
    'done',
  ].join('\n');
  return (
    <>
      <p>
        Three commands tell you whether the proxy works, where it exits and whether a session sticks. They run in any
        terminal with curl (macOS, Linux, and Windows 10 or later).
      </p>
      <Section id="check" title="Check the proxy">
        <Steps>
          <Step title="Does it connect?">
            <p>The answer is the exit IP, which is not your own:</p>
            <CodeBlock label="Connection check" code={buildIntegrationSnippet('curl', v)} />
          </Step>
          <Step title="Does the country match?">
            <p>
              Ask for Germany and look at <Val>country</Val> in the answer:
            </p>
            <CodeBlock label="Country check" code={geo} />
          </Step>
          <Step title="Does the session stick?">
            <p>The same session id prints the same IP three times; without it the IPs usually differ:</p>
            <CodeBlock label="Sticky session check" code={sticky} />
          </Step>
        </Steps>
      </Section>
      <Section id="errors" title="What the errors mean">
        <dl className="space-y-4">
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">
              <Val>407 Proxy Authentication Required</Val>
            </dt>
            <dd className="mt-1">
              Wrong username or password, a password rotated on the generator page, or a plan that has ended or used its
              bandwidth. The answer’s body says which. Copy the values again from the <Ui>Connection</Ui> card, or renew
              the plan on the{' '}
              <Link to="/dashboard" className={link}>
                dashboard
              </Link>
              .
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">
              <Val>429 Too Many Requests</Val>
            </dt>
            <dd className="mt-1">
              A thread plan has more connections open than it has threads. Lower your tool’s concurrency or add threads.
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">
              <Val>502 Bad Gateway</Val>
            </dt>
            <dd className="mt-1">
              No exit for that location right now, or the target site did not answer. Try a wider location (country
              only) or another target.
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Connection refused or reset</dt>
            <dd className="mt-1">
              The port does not match the protocol: HTTP uses <Val>{v.httpPort}</Val>, SOCKS5 <Val>{v.socksPort}</Val>.
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">
              <Val>Unknown username parameter</Val>
            </dt>
            <dd className="mt-1">
              A typo in the targeting keys. Only <Val>country</Val>, <Val>state</Val>, <Val>city</Val>, <Val>isp</Val>,{' '}
              <Val>session</Val> and <Val>lifetime</Val> are understood, each followed by its value.
            </dd>
          </div>
        </dl>
        <Note title="Still failing?">
          <p>
            Open a{' '}
            <Link to="/ticket" className="font-medium underline">
              support ticket
            </Link>{' '}
            with the command you ran and its full output (remove the password first).
          </p>
        </Note>
      </Section>
    </>
  );
}
