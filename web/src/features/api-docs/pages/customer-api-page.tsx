import { Link, NavLink, useLoaderData, useLocation } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { useHead, SITE_NAME } from '#lib/head.ts';
import { openApiLoader, type OpenApiDocument } from '../api/get-openapi.ts';
import { ApiDownloads } from '../components/api-downloads.tsx';
import { EndpointDoc } from '../components/endpoint-doc.tsx';
import { CUSTOMER_API_PAGES } from '../utils/customer-api-pages.ts';

export const loader = openApiLoader;

/**
 * The Customer API's documentation pages (spec §2 "Public API documentation"), one per call, each
 * rendered from the live OpenAPI document by the same EndpointCard as /api-docs.
 */
export default function CustomerApiPage() {
  const doc = useLoaderData() as OpenApiDocument;
  const { pathname } = useLocation();
  const page = CUSTOMER_API_PAGES.find((p) => p.route === pathname) ?? CUSTOMER_API_PAGES[0];
  useHead({ title: `${page.title} · Customer API · ${SITE_NAME}`, description: page.intro, path: page.route });
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/api-docs"
        className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-300"
      >
        <ArrowLeft className="size-4" aria-hidden /> API documentation
      </Link>
      <p className="mt-6 text-sm font-medium text-brand-600 dark:text-brand-400">Customer API</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {page.title}
      </h1>
      <p className="mt-3 max-w-3xl text-slate-600 dark:text-slate-400">
        {page.intro} Authenticate with an API key from Settings → API keys; every call is a GET and answers the usual{' '}
        <code className="font-mono">{'{ status, message, payload }'}</code> envelope.
      </p>
      <div className="mt-4">
        <ApiDownloads doc={doc} />
      </div>
      <nav aria-label="Customer API calls" className="mt-6 mb-8 flex flex-wrap gap-2">
        {CUSTOMER_API_PAGES.map((p) => (
          <NavLink
            key={p.route}
            to={p.route}
            className={({ isActive }) =>
              cn(
                'rounded-full border px-3 py-1 text-sm',
                isActive
                  ? 'border-brand-500 bg-brand-50 text-brand-800 dark:bg-brand-500/10 dark:text-brand-200'
                  : 'border-slate-200 bg-white text-slate-700 hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300',
              )
            }
          >
            {p.title}
          </NavLink>
        ))}
      </nav>
      <EndpointDoc key={page.route} doc={doc} method="get" path={page.api} />
    </section>
  );
}
