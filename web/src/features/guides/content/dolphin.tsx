import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { CodeBlock } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { ProfileSessionTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

export default function DolphinGuide() {
  const v = useProxyValues();
  const line = `http://${v.username}-session-acc01-lifetime-1440:${v.password}@${v.host}:${v.httpPort}`;
  return (
    <>
      <p>
        Dolphin Anty reads a whole proxy from one pasted line, so the quickest way in is to paste lines from the
        generator. Its <Ui>Proxy</Ui> section keeps them for reuse across profiles.
      </p>
      <Section id="add" title="Add a proxy">
        <WhereValuesLive />
        <Steps>
          <Step title="Open the proxy list">
            <p>
              In the left menu choose <Ui>Proxy</Ui> and press <Ui>Add proxy</Ui>.
            </p>
          </Step>
          <Step title="Paste the proxy">
            <p>
              Choose the type <Val>HTTP</Val> and paste one line in the form <Ui>type://login:password@host:port</Ui>.
              Dolphin also accepts <Ui>host:port:login:password</Ui>, the generator’s default format.
            </p>
            <CodeBlock label="Proxy line for Dolphin Anty" code={line} />
            <SettingsDiagram
              app="Dolphin Anty"
              heading="Add proxy"
              fields={[
                { label: 'Type', value: 'HTTP', kind: 'select', mark: 1 },
                { label: 'Name', value: 'Tollgate acc01' },
                { label: 'Proxy', value: line, mark: 2, wide: true },
                { label: 'Check proxy', value: '', kind: 'button', mark: 3 },
              ]}
            />
          </Step>
          <Step title="Check it">
            <p>
              Press <Ui>Check proxy</Ui>. A green result with the IP and country means it works; press <Ui>Add</Ui>.
            </p>
          </Step>
          <Step title="Use it in a profile">
            <p>
              Press <Ui>Create profile</Ui>, open the <Ui>Proxy</Ui> tab and pick the saved proxy from the list (or
              paste a new line there). Dolphin sets the profile’s time zone and WebRTC address from the exit IP.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="bulk" title="Many proxies at once">
        <p>
          In the generator choose <Ui>Sticky</Ui>, lifetime <Val>1440</Val>, the number of profiles and the format{' '}
          <Ui>URL with scheme</Ui>, then <Ui>Copy all</Ui>. In Dolphin’s <Ui>Add proxy</Ui> dialog paste all lines at
          once: each becomes one saved proxy with its own session.
        </p>
        <ProfileSessionTip />
        <Note title="Change IP URL">
          <p>
            Dolphin’s <Ui>Change IP URL</Ui> field is for mobile providers with a reset link; leave it empty. With
            Tollgate a new session id in the username gives a new IP.
          </p>
        </Note>
      </Section>
    </>
  );
}
