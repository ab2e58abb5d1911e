import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { ProfileSessionTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function BitBrowserGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        BitBrowser keeps a separate fingerprint per browser profile. Give each profile its own Tollgate proxy, with its
        own session id, so every profile also keeps an IP of its own.
      </p>
      <Section id="profile" title="Set the proxy on a profile">
        <WhereValuesLive />
        <Steps>
          <Step title="Create or edit a profile">
            <p>
              In <Ui>Browser Profiles</Ui> press <Ui>Add</Ui> (or <Ui>Edit</Ui> on an existing profile).
            </p>
          </Step>
          <Step title="Choose the proxy type">
            <p>
              In the <Ui>Proxy</Ui> section set <Ui>Proxy Method</Ui> to <Ui>Custom</Ui> and <Ui>Proxy Type</Ui> to{' '}
              <Val>HTTP</Val> (or <Val>SOCKS5</Val> with port <Val>{v.socksPort}</Val>; BitBrowser logs in to both).
            </p>
          </Step>
          <Step title="Enter host, port and credentials">
            <p>
              <Ui>Host / IP</Ui>: <Val>{v.host}</Val>, <Ui>Port</Ui>: <Val>{v.httpPort}</Val>, <Ui>Proxy Account</Ui>:{' '}
              <Val>{`${v.username}-session-profile01-lifetime-1440`}</Val>, <Ui>Proxy Password</Ui>:{' '}
              <Val>{v.password}</Val>.
            </p>
            <SettingsDiagram
              app="BitBrowser"
              heading="Add profile · Proxy"
              fields={[
                { label: 'Proxy Method', value: 'Custom', kind: 'select' },
                { label: 'Proxy Type', value: 'HTTP', kind: 'select', mark: 1 },
                { label: 'Host / IP', value: v.host, mark: 2 },
                { label: 'Port', value: v.httpPort, mark: 3 },
                { label: 'Proxy Account', value: `${v.username}-session-profile01-lifetime-1440`, mark: 4, wide: true },
                { label: 'Proxy Password', value: '••••••••', mark: 5, wide: true },
                { label: 'Check Proxy', value: '', kind: 'button', mark: 6 },
              ]}
            />
          </Step>
          <Step title="Check, then save">
            <p>
              Press <Ui>Check Proxy</Ui>: BitBrowser shows the exit IP and its country. Then press <Ui>OK</Ui>. Set the
              profile’s time zone, language and geolocation to <Ui>Based on IP</Ui> so they match the exit.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="bulk" title="Many profiles at once">
        <p>
          <Ui>Batch Import</Ui> takes one proxy per line as{' '}
          <Val>{`${v.host}:${v.httpPort}:${v.username}-session-profile01-lifetime-1440:${v.password}`}</Val>. The
          generator’s <Ui>Proxy list builder</Ui> writes exactly this <Ui>host:port:user:pass</Ui> format: choose{' '}
          <Ui>Sticky</Ui>, a lifetime of 1440 and as many lines as profiles, then <Ui>Download .txt</Ui>.
        </p>
        <ProfileSessionTip />
        <Note tone="warning" title="Check Proxy fails">
          <p>
            Most often the port does not match the type: HTTP uses <Val>{v.httpPort}</Val> and SOCKS5{' '}
            <Val>{v.socksPort}</Val>. A 407 answer means the username or password is wrong or the plan is no longer
            active.
          </p>
        </Note>
      </Section>
    </>
  );
}
