import { Link } from 'react-router';
import { CodeBlock, Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { useSiteOrigin } from './shared.tsx';

export const usesValues = true;

const link = 'font-medium text-brand-700 underline dark:text-brand-300';

export default function CreateApiLinkGuide() {
  const v = useProxyValues();
  const plan = v.subscriptionId ?? 'PLAN_ID';
  const origin = useSiteOrigin();
  const path = `/api/v1/public/generator/${plan}?country=us&porttype=http&session=sticky&lifetime=30&count=100&format=host:port:user:pass`;
  return (
    <>
      <p>
        The generator page is backed by one API call. Call it from a script to get a fresh list whenever you need one:
        the same choices as the <Ui>Proxy list builder</Ui>, written in the query string.
      </p>
      <Section id="link" title="Build the link">
        <Steps>
          <Step title="Find the plan id">
            <p>
              Open the plan from the dashboard: the address is <Val>{`/generator/${plan}`}</Val>; the last part is the
              plan id.
            </p>
          </Step>
          <Step title="Choose the parameters">
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <Val>porttype</Val>: <Val>http</Val> or <Val>socks5</Val>.
              </li>
              <li>
                <Val>country</Val>, <Val>state</Val>, <Val>city</Val>, <Val>isp</Val>: location codes, all optional.
              </li>
              <li>
                <Val>session</Val>: <Val>rotating</Val> or <Val>sticky</Val>, with <Val>lifetime</Val> in minutes.
              </li>
              <li>
                <Val>count</Val>: how many lines; <Val>format</Val>: <Val>host:port:user:pass</Val>,{' '}
                <Val>user:pass@host:port</Val> or <Val>url</Val>.
              </li>
            </ul>
            <CodeBlock label="API link" code={`${origin}${path}`} />
          </Step>
          <Step title="Call it with your token">
            <p>
              Send your sign-in token as <Val>Authorization: Bearer …</Val>. The answer’s <Val>payload</Val> is base64
              of URL-encoded JSON; the proxy lines are in its <Val>lines</Val> field.
            </p>
            <CodeBlock
              label="Fetch the list with curl and Python"
              code={[
                '# Decodes the payload and prints one proxy per line.',
                `curl -s -H "Authorization: Bearer $TOLLGATE_TOKEN" '${origin}${path}' \\`,
                '  | python3 -c \'import sys,json,base64,urllib.parse as u; p=json.load(sys.stdin)["payload"]; print("\\n".join(json.loads(u.unquote(base64.b64decode(p).decode()))["lines"]))\'',
              ].join('\n')}
            />
          </Step>
        </Steps>
      </Section>
      <Section id="notes" title="Good to know">
        <Note tone="warning" title="Keep the token secret">
          <p>
            The token signs in as you. It expires after a while (the call then answers 401 <Val>jwt expired</Val>); sign
            in again to get a new one. The full API, including sign-in, is in the{' '}
            <Link to="/api-docs" className={link}>
              API docs
            </Link>
            .
          </p>
        </Note>
      </Section>
    </>
  );
}
