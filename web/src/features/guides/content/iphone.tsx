import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { TargetingTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function IphoneGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        iPhone and iPad set an HTTP proxy per Wi-Fi network, with a username and password. Safari and most apps that use
        the system network settings then go through Tollgate.
      </p>
      <Section id="setup" title="Set the proxy on your Wi-Fi network">
        <WhereValuesLive />
        <Steps>
          <Step title="Open the network">
            <p>
              <Ui>Settings</Ui> → <Ui>Wi-Fi</Ui>, then tap the blue <Ui>ⓘ</Ui> beside the network you are connected to.
            </p>
          </Step>
          <Step title="Configure the proxy">
            <p>
              Scroll to the bottom, tap <Ui>Configure Proxy</Ui> and choose <Ui>Manual</Ui>.
            </p>
          </Step>
          <Step title="Enter server, port and credentials">
            <p>
              <Ui>Server</Ui>: <Val>{v.host}</Val>. <Ui>Port</Ui>: <Val>{v.httpPort}</Val>. Turn on{' '}
              <Ui>Authentication</Ui>, then <Ui>Username</Ui>: <Val>{v.username}</Val> and <Ui>Password</Ui>:{' '}
              <Val>{v.password}</Val>. Tap <Ui>Save</Ui>.
            </p>
            <SettingsDiagram
              app="iOS · Wi-Fi"
              heading="Configure Proxy · Manual"
              fields={[
                { label: 'Server', value: v.host, mark: 1, wide: true },
                { label: 'Port', value: v.httpPort, mark: 2 },
                { label: 'Authentication', value: '', kind: 'toggle', mark: 3 },
                { label: 'Username', value: v.username, mark: 4, wide: true },
                { label: 'Password', value: '••••••••', mark: 5, wide: true },
              ]}
            />
          </Step>
          <Step title="Check">
            <p>
              Open <Val>api.ipify.org</Val> in Safari: it shows the proxy’s IP. To stop, go back to{' '}
              <Ui>Configure Proxy</Ui> and choose <Ui>Off</Ui>.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="notes" title="Good to know">
        <Note title="Only on this Wi-Fi">
          <p>
            The proxy applies to this Wi-Fi network only, not to mobile data. iOS has no SOCKS5 setting; use the HTTP
            port <Val>{v.httpPort}</Val>.
          </p>
        </Note>
        <TargetingTip />
      </Section>
    </>
  );
}
