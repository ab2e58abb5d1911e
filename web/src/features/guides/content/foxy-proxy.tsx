import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { TargetingTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function FoxyProxyGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        FoxyProxy Standard for Firefox and Chrome stores proxies and turns them on for every site or only for the URL
        patterns you choose. In Firefox it can also log in to SOCKS5 proxies.
      </p>
      <Section id="add" title="Add your proxy">
        <WhereValuesLive />
        <Steps>
          <Step title="Open the options">
            <p>
              Click the FoxyProxy icon and choose <Ui>Options</Ui>, then open the <Ui>Proxies</Ui> tab and press{' '}
              <Ui>Add</Ui>.
            </p>
          </Step>
          <Step title="Fill in the proxy">
            <p>
              <Ui>Title</Ui>: <Val>Tollgate</Val>. <Ui>Type</Ui>: <Val>HTTP</Val>. <Ui>Hostname</Ui>:{' '}
              <Val>{v.host}</Val>. <Ui>Port</Ui>: <Val>{v.httpPort}</Val>. <Ui>Username</Ui>: <Val>{v.username}</Val>.{' '}
              <Ui>Password</Ui>: <Val>{v.password}</Val>.
            </p>
            <SettingsDiagram
              app="FoxyProxy · Options"
              heading="Proxies · Add"
              fields={[
                { label: 'Title', value: 'Tollgate' },
                { label: 'Type', value: 'HTTP', kind: 'select', mark: 1 },
                { label: 'Hostname', value: v.host, mark: 2 },
                { label: 'Port', value: v.httpPort, mark: 3 },
                { label: 'Username', value: v.username, mark: 4 },
                { label: 'Password', value: '••••••••', mark: 5 },
                { label: 'Save', value: '', kind: 'button', mark: 6 },
              ]}
            />
          </Step>
          <Step title="Save">
            <p>
              Press <Ui>Save</Ui> at the bottom of the tab.
            </p>
          </Step>
          <Step title="Turn it on">
            <p>
              Click the FoxyProxy icon and choose <Ui>Tollgate</Ui> to send every site through it, or{' '}
              <Ui>Proxy by Patterns</Ui> to use only the patterns below. <Ui>Disable</Ui> goes back to a direct
              connection.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="patterns" title="Only some sites">
        <p>
          Open the proxy again, go to its <Ui>Patterns</Ui> section and add an <Ui>Include</Ui> pattern of type{' '}
          <Ui>Wildcard</Ui>, for example <Val>*.example.com</Val>. With <Ui>Proxy by Patterns</Ui> selected only
          matching sites use Tollgate.
        </p>
        <Note title="SOCKS5 in Firefox">
          <p>
            Firefox sends a username and password to SOCKS5 proxies, so <Ui>Type</Ui> <Val>SOCKS5</Val> with port{' '}
            <Val>{v.socksPort}</Val> works there; tick <Ui>Proxy DNS</Ui> so the exit resolves names in its own country.
            In Chrome use HTTP.
          </p>
        </Note>
        <TargetingTip />
      </Section>
    </>
  );
}
