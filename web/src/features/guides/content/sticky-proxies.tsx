import { DEFAULT_SESSION_LIFETIME, MAX_SESSION_LIFETIME } from '@tollgate/contract/proxies/proxy-username';
import { CodeBlock, Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';

export const usesValues = true;

export default function StickyProxiesGuide() {
  const v = useProxyValues();
  const sticky = `${v.username}-session-a1b2c3-lifetime-30`;
  return (
    <>
      <p>
        By default every new connection may leave through a different IP (rotating). A <Ui>session</Ui> in the username
        makes it sticky: all connections with the same session id use the same exit IP for the session’s lifetime, from
        1 to {MAX_SESSION_LIFETIME} minutes (default {DEFAULT_SESSION_LIFETIME}).
      </p>
      <Section id="username" title="Sticky by username">
        <p>
          Add <Val>-session-</Val> and any id of letters, digits, dots or underscores (up to 64), and optionally{' '}
          <Val>-lifetime-</Val> and the minutes:
        </p>
        <CodeBlock label="Sticky username" code={sticky} />
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Same id, same IP: reuse <Val>a1b2c3</Val> in every request of one job or browser profile.
          </li>
          <li>New id, new IP: change the id whenever you want a fresh address.</li>
          <li>
            After the lifetime the id gets a new IP; ask again with the same id to keep the new one for another
            lifetime.
          </li>
          <li>
            Combine with targeting: <Val>{`${v.username}-country-us-city-miami-session-a1b2c3-lifetime-60`}</Val>.
          </li>
        </ul>
      </Section>
      <Section id="generator" title="Sticky lists from the generator">
        <Steps>
          <Step title="Open the generator">
            <p>
              On the dashboard press <Ui>Open</Ui> on a running plan and scroll to <Ui>Proxy list builder</Ui>.
            </p>
          </Step>
          <Step title="Choose Sticky">
            <p>
              Set <Ui>Session</Ui> to <Ui>Sticky</Ui> and enter the <Ui>Session lifetime (minutes)</Ui>.
            </p>
            <SettingsDiagram
              app="Tollgate · Generator"
              heading="Proxy list builder"
              fields={[
                { label: 'Port type', value: 'HTTP', kind: 'select' },
                { label: 'Country', value: 'United States', kind: 'select' },
                { label: 'Session', value: 'Sticky', kind: 'select', mark: 1 },
                { label: 'Session lifetime (minutes)', value: '30', mark: 2 },
                { label: 'Number of proxies', value: '10', mark: 3 },
                { label: 'Format', value: 'host:port:user:pass', kind: 'select' },
                { label: 'Generate', value: '', kind: 'button', mark: 4 },
              ]}
            />
          </Step>
          <Step title="Generate">
            <p>
              Set <Ui>Number of proxies</Ui> and press <Ui>Generate</Ui>. Every line gets its own random session id, so
              ten lines are ten different sticky IPs. Press <Ui>Generate</Ui> again for ten new ones.
            </p>
          </Step>
        </Steps>
        <Note title="Rotating with a list">
          <p>
            With <Ui>Rotating</Ui> every line is the same <Val>{`${v.host}:${v.httpPort}`}</Val> endpoint; the IP
            changes per connection anyway. A list of rotating lines is only useful for tools that want one line per
            thread.
          </p>
        </Note>
      </Section>
    </>
  );
}
