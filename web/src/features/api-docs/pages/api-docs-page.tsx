import { Link } from 'react-router';
import { BookOpen } from 'lucide-react';
import { customerMayCall } from '@tollgate/contract/access/roles';
import { PageHeader } from '#components/page-header.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useOpenApi, type OpenApiDocument, type OpenApiOperation } from '../api/get-openapi.ts';
import { ApiDownloads } from '../components/api-downloads.tsx';
import { EndpointCard } from '../components/endpoint-card.tsx';
import { CUSTOMER_API_PAGES } from '../utils/customer-api-pages.ts';
import { RESELLER_DOCS_ROOT, RESELLER_PAGES } from '../utils/reseller-pages.ts';

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/** The calls a customer or reseller may make, by tag: staff-only calls are not theirs to read about. */
function groupByTag(document: OpenApiDocument): Array<[string, Entry[]]> {
  const groups = new Map<string, Entry[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!customerMayCall(operation['x-roles'] ?? [])) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups.entries()];
}

function Code({ children }: { children: string }) {
  return <code className="font-mono text-slate-900 dark:text-white">{children}</code>;
}

const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

const ENVELOPE_EXAMPLE = `// success
{
  "status": 200,
  "message": "User details",
  "payload": { ... }
}
// failure
{
  "status": 400,
  "message": "Validation Error",
  "payload": {
    "error": "Validation Error",
    "fields": [{ "path": "body.login", "message": "..." }]
  }
}`;

export default function ApiDocsPage() {
  const { data, isPending, error, refetch } = useOpenApi();
  if (isPending) return <PageSpinner />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const groups = groupByTag(data);
  return (
    <div className="space-y-8">
      <PageHeader
        title="API documentation"
        description={`${data.info.title} ${data.info.version} · generated from the live API description`}
      />
      <ApiDownloads doc={data} />
      <Card>
        <CardBody className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            <p>
              All calls go to <Code>/api/v1</Code> on this site and answer JSON. Send your access token as{' '}
              <Code>{'Authorization: Bearer <token>'}</Code>; reseller calls also need the <Code>x-api-key</Code>{' '}
              header.
            </p>
            <p>
              Every response is an envelope with the HTTP status, an exact message and a payload. Lists take{' '}
              <Code>page</Code> (from 1), <Code>size</Code> (default 20) and <Code>search</Code>. An expired token
              answers 401 <Code>jwt expired</Code>.
            </p>
          </div>
          <pre className="overflow-x-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 text-slate-200">
            {ENVELOPE_EXAMPLE}
          </pre>
        </CardBody>
      </Card>
      <Card>
        <CardBody className="space-y-3">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">Customer API</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Automate your plans from scripts with an API key from <Link to="/my-profile">Settings → API keys</Link> in
            the <Code>x-api-key</Code> header. Each call has its own page with examples and “try it”:
          </p>
          <ul aria-label="Customer API pages" className="flex flex-wrap gap-2">
            {CUSTOMER_API_PAGES.map((p) => (
              <li key={p.route}>
                <Link
                  to={p.route}
                  className="inline-block rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-300 hover:text-brand-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:text-brand-300"
                >
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>
      <Card>
        <CardBody className="space-y-3">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">Reseller API</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Resellers buy plans at their own prices and manage proxies, locations and sub-users with their{' '}
            <Code>x-api-key</Code> plus a bearer token. Each call has its own page with examples and “try it”:
          </p>
          <ul aria-label="Reseller API pages" className="flex flex-wrap gap-2">
            {[{ route: RESELLER_DOCS_ROOT, title: 'Overview' }, ...RESELLER_PAGES].map((p) => (
              <li key={p.route}>
                <Link
                  to={p.route}
                  className="inline-block rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-300 hover:text-brand-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:text-brand-300"
                >
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>
      {groups.length === 0 ? (
        <EmptyState icon={BookOpen} title="No endpoints documented yet" />
      ) : (
        <>
          <nav aria-label="API sections" className="flex flex-wrap gap-2">
            {groups.map(([tag, entries]) => (
              <a
                key={tag}
                href={`#${slug(tag)}`}
                className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-300 hover:text-brand-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:text-brand-300"
              >
                {tag} <span className="text-slate-500 dark:text-slate-400">{entries.length}</span>
              </a>
            ))}
          </nav>
          {/* Sections out of view skip style and layout until scrolled to: laying out some 150 cards at once
              was most of the page's time to show (issue 38). */}
          {groups.map(([tag, entries]) => (
            <section
              key={tag}
              id={slug(tag)}
              aria-labelledby={`${slug(tag)}-title`}
              className="scroll-mt-20 space-y-4 [contain-intrinsic-size:auto_2000px] [content-visibility:auto]"
            >
              <h2 id={`${slug(tag)}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
                {tag}
              </h2>
              {entries.map((entry) => (
                <EndpointCard key={entry.method + entry.path} {...entry} />
              ))}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
