import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { ProfileSessionTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function AdsPowerGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        AdsPower asks for the proxy while you create a profile. Choose <Ui>Custom</Ui>, fill in your Tollgate values and
        check the connection before you save.
      </p>
      <Section id="profile" title="Set the proxy on a profile">
        <WhereValuesLive />
        <Steps>
          <Step title="Start a new profile">
            <p>
              Press <Ui>New Profile</Ui>, give it a name and scroll to <Ui>Proxy</Ui>.
            </p>
          </Step>
          <Step title="Choose Custom and the type">
            <p>
              Select <Ui>Custom</Ui>, then the proxy type <Val>HTTP</Val> (or <Val>Socks5</Val> with port{' '}
              <Val>{v.socksPort}</Val>).
            </p>
          </Step>
          <Step title="Enter host, port and credentials">
            <p>
              <Ui>Host</Ui>: <Val>{v.host}</Val>, <Ui>Port</Ui>: <Val>{v.httpPort}</Val>, <Ui>Proxy username</Ui>:{' '}
              <Val>{`${v.username}-session-ads01-lifetime-1440`}</Val>, <Ui>Proxy password</Ui>: <Val>{v.password}</Val>
              . You can also paste a whole <Ui>host:port:user:pass</Ui> line into <Ui>Host</Ui>; AdsPower splits it.
            </p>
            <SettingsDiagram
              app="AdsPower"
              heading="New Profile · Proxy"
              fields={[
                { label: 'Proxy', value: 'Custom', kind: 'select' },
                { label: 'Type', value: 'HTTP', kind: 'select', mark: 1 },
                { label: 'Host', value: v.host, mark: 2 },
                { label: 'Port', value: v.httpPort, mark: 3 },
                { label: 'Proxy username', value: `${v.username}-session-ads01-lifetime-1440`, mark: 4, wide: true },
                { label: 'Proxy password', value: '••••••••', mark: 5, wide: true },
                { label: 'Check Proxy', value: '', kind: 'button', mark: 6 },
              ]}
            />
          </Step>
          <Step title="Check and save">
            <p>
              Press <Ui>Check Proxy</Ui>: AdsPower shows the exit IP and country. Press <Ui>OK</Ui>. The profile’s time
              zone, language and location follow the IP when left on <Ui>Based on IP</Ui>.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="tips" title="Tips">
        <ProfileSessionTip />
        <Note tone="warning" title="IP checker channel">
          <p>
            If <Ui>Check Proxy</Ui> times out while the proxy works elsewhere, switch AdsPower’s <Ui>IP checker</Ui> to
            another service (for example ipinfo or ip-api); some checkers block data-centre exits.
          </p>
        </Note>
      </Section>
    </>
  );
}
