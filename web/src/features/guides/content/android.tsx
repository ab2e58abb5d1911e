import { Link } from 'react-router';
import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function AndroidGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        Android sets an HTTP proxy per Wi-Fi network. Its settings have no field for a username and password: Chrome
        asks for them when it first connects, but most other apps cannot. For the whole phone, whitelist its IP instead
        (step 1), and the proxy needs no password at all.
      </p>
      <Section id="setup" title="Set the proxy on your Wi-Fi network">
        <WhereValuesLive />
        <Steps>
          <Step title="Whitelist the phone’s IP (recommended)">
            <p>
              On the phone, connected to the Wi-Fi you will use, sign in to Tollgate, open your plan’s generator page
              and press <Ui>Add my current IP</Ui> in the <Ui>IP whitelist</Ui> card. Connections from that network then
              need no password.
            </p>
          </Step>
          <Step title="Open the network’s settings">
            <p>
              <Ui>Settings</Ui> → <Ui>Network &amp; internet</Ui> (<Ui>Connections</Ui> on Samsung) → <Ui>Internet</Ui>{' '}
              or <Ui>Wi-Fi</Ui>, then tap the gear beside the connected network and the pencil (<Ui>Edit</Ui>), or{' '}
              <Ui>View more</Ui> on Samsung.
            </p>
          </Step>
          <Step title="Enter the proxy">
            <p>
              Open <Ui>Advanced options</Ui>, set <Ui>Proxy</Ui> to <Ui>Manual</Ui>, then <Ui>Proxy hostname</Ui>{' '}
              <Val>{v.host}</Val> and <Ui>Proxy port</Ui> <Val>{v.httpPort}</Val>. Leave <Ui>Bypass proxy for</Ui> empty
              or list local hosts, then tap <Ui>Save</Ui>.
            </p>
            <SettingsDiagram
              app="Android · Wi-Fi"
              heading="Advanced options"
              fields={[
                { label: 'Proxy', value: 'Manual', kind: 'select', mark: 1, wide: true },
                { label: 'Proxy hostname', value: v.host, mark: 2, wide: true },
                { label: 'Proxy port', value: v.httpPort, mark: 3 },
                { label: 'Bypass proxy for', value: 'localhost' },
                { label: 'Save', value: '', kind: 'button', mark: 4 },
              ]}
            />
          </Step>
          <Step title="Sign in when Chrome asks">
            <p>
              Without a whitelisted IP, Chrome shows <Ui>Sign in to proxy</Ui> on the first page: enter{' '}
              <Val>{v.username}</Val> and <Val>{v.password}</Val>.
            </p>
          </Step>
          <Step title="Check">
            <p>
              Open <Val>api.ipify.org</Val> in Chrome: it shows the proxy’s IP. To stop, set <Ui>Proxy</Ui> back to{' '}
              <Ui>None</Ui>.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="notes" title="Good to know">
        <Note tone="warning" title="Mobile data is not covered">
          <p>
            The Wi-Fi proxy does not apply on mobile data, and your home IP changes from time to time: if pages stop
            loading, whitelist the new IP on the{' '}
            <Link to="/dashboard" className="font-medium underline">
              generator page
            </Link>
            . For every app on every network use a proxy app such as Super Proxy or Drony with SOCKS5 port{' '}
            <Val>{v.socksPort}</Val> and your username and password.
          </p>
        </Note>
      </Section>
    </>
  );
}
