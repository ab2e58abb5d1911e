import { Link } from 'react-router';
import { CodeBlock, Note, Section, Step, Steps, Ui } from '../components/guide-blocks.tsx';

export const usesValues = false;

const link = 'font-medium text-brand-700 underline dark:text-brand-300';

export default function SubusersGuide() {
  return (
    <>
      <p>
        Sub-users are for resellers: a reseller account creates its own customers (sub-users) and buys them plans from
        its reseller balance, at the reseller’s prices, without those customers ever seeing Tollgate. It all happens
        through the reseller API.
      </p>
      <Section id="access" title="Get reseller access">
        <Steps>
          <Step title="Apply">
            <p>
              Ask for reseller access from the <Ui>Reseller</Ui> section of the sidebar or through a{' '}
              <Link to="/ticket" className={link}>
                support ticket
              </Link>
              . Staff create a separate reseller account for you with its own prices.
            </p>
          </Step>
          <Step title="Receive the API key">
            <p>
              The reseller account comes with an API key. Every reseller call sends it in the <Ui>x-api-key</Ui> header,
              together with the reseller account’s bearer token. Reseller accounts use the API only: they cannot sign in
              to this customer area.
            </p>
          </Step>
        </Steps>
      </Section>
      <Section id="create" title="Create a sub-user and give it a plan">
        <Steps>
          <Step title="Create the sub-user">
            <p>Send its username and email:</p>
            <CodeBlock
              label="Create a sub-user"
              code={[
                'curl -X POST https://YOUR_SHOP/api/v1/reseller/sub-users \\',
                "  -H 'authorization: Bearer RESELLER_TOKEN' \\",
                "  -H 'x-api-key: RESELLER_API_KEY' \\",
                "  -H 'content-type: application/json' \\",
                `  -d '{"username":"client42","email":"client42@example.com"}'`,
              ].join('\n')}
            />
          </Step>
          <Step title="Buy it a plan">
            <p>
              <Ui>POST /reseller/sub-users/{'{id}'}/plans</Ui> with the <Ui>region</Ui>, the <Ui>bandwidth</Ui> (GB) or{' '}
              <Ui>threads</Ui>, and the <Ui>days</Ui>. The price is taken from your reseller balance.
            </p>
          </Step>
          <Step title="List and look up sub-users">
            <p>
              <Ui>GET /reseller/sub-users</Ui> lists them 30 per page (<Ui>page</Ui>, <Ui>size</Ui>, <Ui>search</Ui>);{' '}
              <Ui>GET /reseller/sub-users/{'{id}'}</Ui> shows one with its plans and proxy credentials to hand on.
            </p>
          </Step>
        </Steps>
        <Note title="The full reference">
          <p>
            Every call, field and answer is in the{' '}
            <Link to="/api-docs" className="font-medium underline">
              API docs
            </Link>
            , generated from the live API.
          </p>
        </Note>
      </Section>
    </>
  );
}
