import { Link } from 'react-router';
import { CodeBlock, Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';

export const usesValues = true;

export default function CountrySettingsGuide() {
  const v = useProxyValues();
  return (
    <>
      <p>
        Where your traffic exits is set in one of two places: in the username of each connection, or as your plan’s
        default, used by every connection whose username names no location.
      </p>
      <Section id="username" title="Per connection: in the username">
        <p>Add location keys after your username, each followed by its value, in any order. Every key is optional:</p>
        <CodeBlock label="Username with location" code={`${v.username}-country-us-state-ny-city-new_york`} />
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <Val>country</Val>: a two-letter code, such as <Val>us</Val>, <Val>de</Val>, <Val>gb</Val>.
          </li>
          <li>
            <Val>state</Val>: the state or region code within the country, such as <Val>ny</Val>.
          </li>
          <li>
            <Val>city</Val>: lower case, spaces as underscores: <Val>new_york</Val>, <Val>los_angeles</Val>.
          </li>
          <li>
            <Val>isp</Val>: an ISP id from the generator’s <Ui>ISP</Ui> list for the chosen country.
          </li>
        </ul>
        <p>
          Use only locations your plan can exit in: the generator’s lists show exactly those, and its <Ui>Generate</Ui>{' '}
          button writes the username for you.
        </p>
      </Section>
      <Section id="default" title="As the plan’s default: in the generator">
        <Steps>
          <Step title="Open the generator">
            <p>
              On the{' '}
              <Link to="/dashboard" className="font-medium text-brand-700 underline dark:text-brand-300">
                dashboard
              </Link>{' '}
              press <Ui>Open</Ui> on the plan. The <Ui>Proxy list builder</Ui> card says which country rule applies now.
            </p>
          </Step>
          <Step title="Pick the location">
            <p>
              Choose a <Ui>Country</Ui>, then optionally a <Ui>State</Ui>, <Ui>City</Ui> and <Ui>ISP</Ui> (mobile plans
              also offer a carrier). Each list fills in from the one before.
            </p>
            <SettingsDiagram
              app="Tollgate · Generator"
              heading="Proxy list builder"
              fields={[
                { label: 'Country', value: 'United States', kind: 'select', mark: 1 },
                { label: 'State', value: 'New York', kind: 'select', mark: 2 },
                { label: 'City', value: 'New York', kind: 'select', mark: 3 },
                { label: 'ISP', value: 'Any', kind: 'select' },
                { label: 'Save as default', value: '', kind: 'button', mark: 4 },
              ]}
            />
          </Step>
          <Step title="Save as default">
            <p>
              Press <Ui>Save as default</Ui>. From now on a plain <Val>{v.username}</Val> exits there; usernames that
              name a location still win. Or press <Ui>Generate</Ui> to get lines whose usernames carry the choice,
              leaving the default as it is.
            </p>
          </Step>
        </Steps>
        <Note title="Plans with a fixed country">
          <p>
            ISP and some mobile plans are bought for one country; their generator only offers that country’s locations.
          </p>
        </Note>
      </Section>
    </>
  );
}
