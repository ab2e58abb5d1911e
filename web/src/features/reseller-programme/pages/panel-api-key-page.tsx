import { Link } from 'react-router';
import { PageHeader } from '#components/page-header.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useOverview } from '../api/panel.ts';
import { ResellerKeyCard } from '../components/reseller-key-card.tsx';

const EXAMPLE = `# 1. A bearer token of this account
curl -X POST https://<this site>/api/v1/auth/login \\
  -H 'content-type: application/json' \\
  -d '{"login": "<username>", "password": "<password>"}'

# 2. Every reseller call: the key and the token
curl https://<this site>/api/v1/reseller/generalinfo \\
  -H 'x-api-key: <your API key>' \\
  -H 'authorization: Bearer <token>'`;

/** /reseller/panel/api-key (ADR 044): the reseller API key, made, replaced or revoked here; shown once. */
export default function PanelApiKeyPage() {
  const overview = useOverview();
  if (overview.error && !overview.data)
    return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <PageSpinner />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="API key"
        description="Your integration calls the reseller API with this key and a bearer token of this account."
      />
      <ResellerKeyCard apiKey={overview.data.apiKey} />
      <Card className="min-w-0">
        <CardHeader
          title="Calling the reseller API"
          description="Sign in for a token, then send both with every call. Calls that charge also take an Idempotency-Key."
        />
        <CardBody className="space-y-3">
          <pre className="overflow-x-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 text-slate-200">
            {EXAMPLE}
          </pre>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Every call has its page with examples and “try it” in the{' '}
            <Link to={paths.resellerDocs} className="font-medium text-brand-700 underline dark:text-brand-300">
              reseller API documentation
            </Link>
            .
          </p>
        </CardBody>
      </Card>
    </div>
  );
}
