import { Link, useLoaderData, useLocation } from 'react-router';
import { ArrowLeft, Menu } from 'lucide-react';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { useHead, SITE_NAME } from '#lib/head.ts';
import { openApiLoader, type OpenApiDocument } from '../api/get-openapi.ts';
import { EndpointDoc } from '../components/endpoint-doc.tsx';
import { ResellerMenu } from '../components/reseller-menu.tsx';
import { ResellerOverview } from '../components/reseller-overview.tsx';
import { RESELLER_DOCS_ROOT, resellerPageAt } from '../utils/reseller-pages.ts';

/**
 * The reseller API's documentation (spec §2, issue 17): /reseller is the overview (authentication,
 * idempotency, limits), every other /reseller/... page documents its calls from the live OpenAPI
 * document with the same EndpointDoc as the Customer API pages. Public: a prospective reseller reads
 * them before applying.
 */
export const loader = openApiLoader;

const OVERVIEW = {
  title: 'Reseller API',
  intro:
    'Sell our proxies under your own brand: buy plans at your reseller prices, hand out proxy lists, manage whitelists, locations and sub-users from your own shop.',
};

export default function ResellerApiPage() {
  const doc = useLoaderData() as OpenApiDocument;
  const { pathname } = useLocation();
  const isOverview = pathname.replace(/\/+$/, '') === RESELLER_DOCS_ROOT;
  const page = resellerPageAt(pathname);
  const title = page?.title ?? (isOverview ? OVERVIEW.title : 'Page not found');
  useHead({
    title: `${title} · Reseller API · ${SITE_NAME}`,
    description: page?.intro ?? OVERVIEW.intro,
    path: page?.route ?? RESELLER_DOCS_ROOT,
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="hidden lg:block">
        <ResellerMenu label="Reseller API" />
      </aside>
      <section className="min-w-0">
        <Link
          to="/api-docs"
          className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden /> API documentation
        </Link>
        <details className="group mt-4 rounded-lg border border-slate-200 bg-white lg:hidden dark:border-slate-800 dark:bg-slate-900">
          <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 text-sm font-medium text-slate-800 dark:text-slate-200 [&::-webkit-details-marker]:hidden">
            <Menu className="size-4" aria-hidden /> Reseller API menu
          </summary>
          <div className="border-t border-slate-200 px-2 py-3 dark:border-slate-800">
            <ResellerMenu label="Reseller API pages" />
          </div>
        </details>
        <p className="mt-6 text-sm font-medium text-brand-600 dark:text-brand-400">
          Reseller API{page ? ` · ${page.group}` : ''}
        </p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        {page || isOverview ? (
          <p className="mt-3 max-w-3xl text-slate-600 dark:text-slate-400">
            {(page ?? OVERVIEW).intro}{' '}
            {page ? (
              <>
                Every call needs your <code className="font-mono">x-api-key</code> and a bearer token:{' '}
                <Link to={RESELLER_DOCS_ROOT} className="text-brand-700 underline dark:text-brand-300">
                  authentication, idempotency and limits
                </Link>
                .
              </>
            ) : null}
          </p>
        ) : null}
        <div className="mt-8 space-y-8">
          {page ? (
            page.calls.map((call) => (
              <EndpointDoc
                key={`${page.route} ${call.method} ${call.api}`}
                doc={doc}
                method={call.method}
                path={call.api}
                {...(call.bodyExample ? { bodyExample: call.bodyExample } : {})}
              />
            ))
          ) : isOverview ? (
            <ResellerOverview doc={doc} />
          ) : (
            <EmptyState
              title="There is no such page in the reseller documentation"
              description={<Link to={RESELLER_DOCS_ROOT}>Go to the overview</Link>}
            />
          )}
        </div>
      </section>
    </div>
  );
}
