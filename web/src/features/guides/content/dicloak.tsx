import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { ProfileSessionTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function DicloakGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        DICloak runs isolated browser profiles for teams. Save your Tollgate proxy once under <Ui>Proxies</Ui> and
        attach it to as many profiles as you like, or enter it straight into a profile.
      </p>
      <Section id="proxy" title="Add the proxy">
        <WhereValuesLive />
        <Steps>
          <Step title="Open proxy management">
            <p>
              In the left menu open <Ui>Proxies</Ui> and press <Ui>Add proxy</Ui>.
            </p>
          </Step>
          <Step title="Fill in the connection">
            <p>
              <Ui>Proxy type</Ui>: <Val>HTTP</Val> (or <Val>SOCKS5</Val> with port <Val>{v.socksPort}</Val>).{' '}
              <Ui>Host</Ui>: <Val>{v.host}</Val>. <Ui>Port</Ui>: <Val>{v.httpPort}</Val>. <Ui>Username</Ui>:{' '}
              <Val>{`${v.username}-session-team01-lifetime-1440`}</Val>. <Ui>Password</Ui>: <Val>{v.password}</Val>.
            </p>
            <SettingsDiagram
              app="DICloak"
              heading="Add proxy"
              fields={[
                { label: 'Proxy type', value: 'HTTP', kind: 'select', mark: 1 },
                { label: 'Host', value: v.host, mark: 2 },
                { label: 'Port', value: v.httpPort, mark: 3 },
                { label: 'Username', value: `${v.username}-session-team01-lifetime-1440`, mark: 4, wide: true },
                { label: 'Password', value: '••••••••', mark: 5, wide: true },
                { label: 'Check proxy', value: '', kind: 'button', mark: 6 },
              ]}
            />
          </Step>
          <Step title="Test it">
            <p>
              Press <Ui>Check proxy</Ui>: the exit IP and country appear under the form. Press <Ui>Confirm</Ui> to save.
            </p>
          </Step>
          <Step title="Attach it to a profile">
            <p>
              In <Ui>Profiles</Ui> create or edit a profile, open its <Ui>Proxy</Ui> settings, pick <Ui>Saved proxy</Ui>{' '}
              and choose the one you just added. Start the profile and open <Val>api.ipify.org</Val> to see the exit IP.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="tips" title="Keep profiles apart">
        <ProfileSessionTip />
        <Note title="Country per profile">
          <p>
            Add <Val>-country-gb</Val> (or any two-letter code) after your username in a saved proxy to make every
            profile using it exit in that country, for example{' '}
            <Val>{`${v.username}-country-gb-session-team02-lifetime-1440`}</Val>.
          </p>
        </Note>
      </Section>
    </>
  );
}
