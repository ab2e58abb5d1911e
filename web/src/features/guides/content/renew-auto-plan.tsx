import { Link } from 'react-router';
import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';

export const usesValues = false;

const link = 'font-medium text-brand-700 underline dark:text-brand-300';

export default function RenewAutoPlanGuide() {
  return (
    <>
      <p>
        With auto-renew on, a plan that reaches its end date renews itself from your balance for the number of days you
        chose, so your proxies never stop. Nothing is charged while the plan is running.
      </p>
      <Section id="turn-on" title="Turn on auto-renew">
        <Steps>
          <Step title="Find the plan">
            <p>
              On the{' '}
              <Link to="/dashboard" className={link}>
                dashboard
              </Link>{' '}
              every paid plan card has an <Ui>Auto-renew</Ui> switch under its expiry date.
            </p>
          </Step>
          <Step title="Switch it on">
            <p>
              Flip <Ui>Auto-renew</Ui> on; the toast confirms <Ui>Auto Renew status updated successfully</Ui>. Only a
              running plan can be switched on; switching off works any time.
            </p>
          </Step>
          <Step title="Choose the days per renewal">
            <p>
              A <Ui>Days per renewal</Ui> field appears. Leave it empty to renew for the plan’s own length, or enter a
              number of days within the plan’s range and press <Ui>Save</Ui>.
            </p>
            <SettingsDiagram
              app="Tollgate · Dashboard"
              heading="Plan card"
              fields={[
                { label: 'Auto-renew', value: '', kind: 'toggle', mark: 1 },
                { label: 'Days per renewal', value: '30', mark: 2 },
                { label: 'Save', value: '', kind: 'button', mark: 3 },
              ]}
            />
          </Step>
          <Step title="Check the next charge">
            <p>
              The card then says <Ui>Next charge</Ui> with the amount and date, from your balance. If your balance would
              not cover it, a warning says so: top up on{' '}
              <Link to="/topup" className={link}>
                Deposit Balance
              </Link>{' '}
              before the date.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="notes" title="Good to know">
        <Note tone="warning" title="A short balance ends the plan">
          <p>
            If the balance is short on the renewal date, the plan simply ends; nothing is charged and you can renew it
            by hand from the <Ui>Renew</Ui> dialog (see{' '}
            <Link to="/guide/extend-my-plan" className="font-medium underline">
              extend a plan
            </Link>
            ).
          </p>
        </Note>
        <p>
          Renewals are billed at the current renewal price and listed under{' '}
          <Link to="/invoices" className={link}>
            Invoices
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
