import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { MediaEmbed } from '#components/media-embed/media-embed.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { LandingLinks } from '../components/landing-links.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';
import { TargetingTip, WhereValuesLive } from './shared.tsx';

export const usesValues = true;

/** Where the store link points before the seller's own link has arrived. */
const STORE_FALLBACK = 'https://chromewebstore.google.com/';

export default function TollgateExtensionGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        The Tollgate extension switches Chrome, Edge, Brave or any other Chromium browser to your Tollgate proxy with
        one click, answers the proxy’s password prompt for you and switches back to a direct connection when you turn it
        off. It reads nothing from the pages you visit (see the{' '}
        <Link to="/privacy-policy-extension" className="font-medium text-brand-700 underline dark:text-brand-300">
          extension privacy policy
        </Link>
        ).
      </p>
      <LandingLinks>
        {(links) =>
          links?.walkthroughVideo ? (
            <Section id="walkthrough" title="Video walkthrough">
              <MediaEmbed url={links.walkthroughVideo} title="Setting up the Tollgate extension" />
            </Section>
          ) : null
        }
      </LandingLinks>
      <Section id="install" title="Install and connect">
        <WhereValuesLive />
        <Steps>
          <Step title="Add the extension to your browser">
            <p>
              Open the extension’s store page and press <Ui>Add to Chrome</Ui>, then <Ui>Add extension</Ui> in the
              browser’s confirmation. The browser asks for the <Ui>proxy</Ui> permission: the extension needs it to
              change the browser’s proxy setting.
            </p>
            <LandingLinks>
              {(links) => (
                <a
                  href={links?.extensionStore ?? STORE_FALLBACK}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('primary', 'md')}
                >
                  Open the extension store page
                  <ExternalLink className="size-4" aria-hidden="true" />
                </a>
              )}
            </LandingLinks>
          </Step>
          <Step title="Pin it">
            <p>
              Click the puzzle-piece icon right of the address bar and the pin beside <Ui>Tollgate</Ui>, so its icon
              stays visible: the icon turns green while the proxy is on.
            </p>
          </Step>
          <Step title="Enter your proxy credentials">
            <p>
              Click the Tollgate icon. Enter the <Ui>Host</Ui> <Val>{v.host}</Val>, the <Ui>Port</Ui>{' '}
              <Val>{v.httpPort}</Val> (the HTTP port: Chromium browsers cannot send a password to a SOCKS5 proxy), your{' '}
              <Ui>Username</Ui> <Val>{v.username}</Val> and <Ui>Password</Ui> <Val>{v.password}</Val>, then press{' '}
              <Ui>Save</Ui>. They stay in the extension on this device only.
            </p>
            <SettingsDiagram
              app="Tollgate extension"
              heading="Connection"
              fields={[
                { label: 'Host', value: v.host, mark: 1, wide: true },
                { label: 'Port', value: v.httpPort, mark: 2 },
                { label: 'Protocol', value: 'HTTP', kind: 'select' },
                { label: 'Username', value: v.username, mark: 3, wide: true },
                { label: 'Password', value: '••••••••', mark: 4, wide: true },
                { label: 'Save', value: '', kind: 'button', mark: 5 },
              ]}
            />
          </Step>
          <Step title="Choose a country and the rotation">
            <p>
              Pick a <Ui>Country</Ui> (or <Ui>Any</Ui>) and the <Ui>Rotation</Ui>: <Ui>Rotating</Ui> gives every new
              connection a fresh IP, <Ui>Sticky</Ui> keeps one IP for the minutes you choose. The extension writes your
              choice into the username exactly as the generator does, for example{' '}
              <Val>{`${v.username}-country-us-session-a1b2c3-lifetime-30`}</Val>.
            </p>
          </Step>
          <Step title="Turn it on">
            <p>
              Flip the switch to <Ui>On</Ui>. Open{' '}
              <a href="https://api.ipify.org" target="_blank" rel="noopener noreferrer" className="underline">
                api.ipify.org
              </a>{' '}
              in a new tab: it shows the proxy’s IP, not yours. Flip the switch off to browse directly again.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="bypass" title="Sites that should skip the proxy">
        <p>
          Under <Ui>Bypass list</Ui> add one host per line, for example <Val>localhost</Val>, <Val>127.0.0.1</Val> or{' '}
          <Val>*.internal.example</Val>. Those sites are always opened directly; everything else goes through the proxy.
        </p>
        <TargetingTip />
      </Section>
      <Section id="trouble" title="If it does not connect">
        <Note tone="warning" title="The browser keeps asking for a username and password">
          <p>
            The password was rotated on the generator page, or the plan has ended or used up its bandwidth. Enter the
            current password from the <Ui>Connection</Ui> card, or renew the plan from the dashboard.
          </p>
        </Note>
        <p>
          Still stuck? The{' '}
          <Link to="/guide/proxy-checker" className="font-medium text-brand-700 underline dark:text-brand-300">
            proxy checker guide
          </Link>{' '}
          tests the same values outside the browser, and our support team answers{' '}
          <Link to="/ticket" className="font-medium text-brand-700 underline dark:text-brand-300">
            tickets
          </Link>{' '}
          every day.
        </p>
      </Section>
    </>
  );
}
