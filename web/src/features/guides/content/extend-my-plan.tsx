import { Link } from 'react-router';
import { Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';
import { SettingsDiagram } from '../components/settings-diagram.tsx';

export const usesValues = false;

const link = 'font-medium text-brand-700 underline dark:text-brand-300';

export default function ExtendMyPlanGuide() {
  return (
    <>
      <p>
        A running plan can get more gigabytes, more days, or both, without new credentials: your proxy lists and tools
        keep working. Everything happens in the <Ui>Renew</Ui> dialog on the dashboard.
      </p>
      <Section id="renew" title="Add days or gigabytes">
        <Steps>
          <Step title="Open the plan on the dashboard">
            <p>
              Go to the{' '}
              <Link to="/dashboard" className={link}>
                dashboard
              </Link>
              . Each plan card shows what is left (GB or threads) and the date it expires. Press <Ui>Renew</Ui> on the
              plan.
            </p>
          </Step>
          <Step title="Choose what to buy">
            <p>
              Under <Ui>What to buy</Ui> pick one of:
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <Ui>Add bandwidth</Ui>: more GB, same end date (bandwidth plans that are still running).
              </li>
              <li>
                <Ui>Extend</Ui>: more days, same GB (or same threads on thread plans).
              </li>
              <li>
                <Ui>Renew</Ui>: more GB and more days at once; on thread plans, more days with a new thread count.
              </li>
            </ul>
            <SettingsDiagram
              app="Tollgate · Dashboard"
              heading="Renew Residential Rotating"
              fields={[
                { label: 'What to buy', value: 'Renew', kind: 'select', mark: 1, wide: true },
                { label: 'Bandwidth to add (GB)', value: '10', mark: 2 },
                { label: 'Days to add', value: '30', mark: 3 },
                { label: 'Coupon code (optional)', value: '', wide: true },
                { label: 'Payment method', value: 'Balance', kind: 'select', mark: 4, wide: true },
                { label: 'Pay', value: '', kind: 'button', mark: 5 },
              ]}
            />
          </Step>
          <Step title="Enter the amounts">
            <p>
              Fill in <Ui>Bandwidth to add (GB)</Ui>, <Ui>Threads</Ui> or <Ui>Days to add</Ui> as the choice asks. The
              dialog shows the allowed range of days for your plan and the price as you type; a <Ui>Coupon code</Ui> is
              optional.
            </p>
          </Step>
          <Step title="Pay">
            <p>
              Choose the <Ui>Payment method</Ui> (<Ui>Balance</Ui>, <Ui>Card</Ui> or <Ui>Crypto</Ui>, as enabled for
              your account) and press <Ui>Pay</Ui>. With balance the change applies at once and the dialog says{' '}
              <Ui>Payment received</Ui>; card and crypto open the payment page and apply the change when the payment
              arrives.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="notes" title="Good to know">
        <Note title="Expired plans">
          <p>
            An expired bandwidth plan cannot take <Ui>Add bandwidth</Ui> alone: choose <Ui>Extend</Ui> or <Ui>Renew</Ui>{' '}
            to give it days again. The same username and password keep working once it is running.
          </p>
        </Note>
        <p>
          Top up your balance first on{' '}
          <Link to="/topup" className={link}>
            Deposit Balance
          </Link>{' '}
          if you pay from balance, and see{' '}
          <Link to="/guide/renew-auto-plan" className={link}>
            automatic renewal
          </Link>{' '}
          to have this happen by itself. Every payment appears under{' '}
          <Link to="/invoices" className={link}>
            Invoices
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
