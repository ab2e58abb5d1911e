import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { TargetingTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function SwitchyOmegaGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        Proxy SwitchyOmega (and its Manifest V3 successor ZeroOmega, which looks the same) keeps several proxy profiles
        and switches between them from the toolbar. These steps add a <Ui>Tollgate</Ui> profile that uses your HTTP port
        with your username and password.
      </p>
      <Section id="profile" title="Create the profile">
        <WhereValuesLive />
        <Steps>
          <Step title="Open the options">
            <p>
              Click the SwitchyOmega icon and choose <Ui>Options</Ui>. Skip the tutorial if it opens.
            </p>
          </Step>
          <Step title="Add a proxy profile">
            <p>
              In the left column press <Ui>New profile…</Ui>, name it <Val>Tollgate</Val>, keep the type{' '}
              <Ui>Proxy Profile</Ui> and press <Ui>Create</Ui>.
            </p>
          </Step>
          <Step title="Enter the server">
            <p>
              In the <Ui>Proxy servers</Ui> table, on the <Ui>(default)</Ui> row, set <Ui>Protocol</Ui> to{' '}
              <Val>HTTP</Val>, <Ui>Server</Ui> to <Val>{v.host}</Val> and <Ui>Port</Ui> to <Val>{v.httpPort}</Val>.
            </p>
            <SettingsDiagram
              app="SwitchyOmega · Options"
              heading="Profile :: Tollgate · Proxy servers"
              fields={[
                { label: 'Scheme', value: '(default)' },
                { label: 'Protocol', value: 'HTTP', kind: 'select', mark: 1 },
                { label: 'Server', value: v.host, mark: 2 },
                { label: 'Port', value: v.httpPort, mark: 3 },
              ]}
            />
          </Step>
          <Step title="Add your username and password">
            <p>
              Click the padlock button at the end of the row. In the <Ui>Proxy Authentication</Ui> dialog enter{' '}
              <Ui>Username</Ui> <Val>{v.username}</Val> and <Ui>Password</Ui> <Val>{v.password}</Val>, then press{' '}
              <Ui>Save changes</Ui>.
            </p>
            <SettingsDiagram
              app="SwitchyOmega · Options"
              heading="Proxy Authentication"
              fields={[
                { label: 'Username', value: v.username, mark: 4, wide: true },
                { label: 'Password', value: '••••••••', mark: 5, wide: true },
                { label: 'Save changes', value: '', kind: 'button' },
              ]}
            />
          </Step>
          <Step title="Keep local addresses direct">
            <p>
              The <Ui>Bypass List</Ui> below the table already holds <Val>127.0.0.1</Val>, <Val>[::1]</Val> and{' '}
              <Val>localhost</Val>; add any intranet hosts that must not go through the proxy.
            </p>
          </Step>
          <Step title="Apply and switch">
            <p>
              Press <Ui>Apply changes</Ui> at the bottom left. Click the SwitchyOmega icon and choose <Ui>Tollgate</Ui>:
              the browser now uses your proxy. Choose <Ui>[Direct]</Ui> or <Ui>[System Proxy]</Ui> to turn it off.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="socks" title="SOCKS5 and auto switch">
        <Note tone="warning" title="Chromium cannot log in to a SOCKS5 proxy">
          <p>
            With <Ui>SOCKS5</Ui> as the protocol the padlock has no effect in Chrome and every page fails. Use the HTTP
            port <Val>{v.httpPort}</Val> as above, or add this computer’s IP to the plan’s <Ui>IP whitelist</Ui> on the
            generator page, after which <Val>{`${v.host}:${v.socksPort}`}</Val> works without a password.
          </p>
        </Note>
        <p>
          To proxy only some sites, create an <Ui>Switch Profile</Ui> named <Val>auto switch</Val>, add a{' '}
          <Ui>Host wildcard</Ui> rule such as <Val>*.example.com</Val> with the profile <Ui>Tollgate</Ui>, and set the{' '}
          <Ui>Default</Ui> row to <Ui>[Direct]</Ui>.
        </p>
        <TargetingTip />
      </Section>
    </>
  );
}
