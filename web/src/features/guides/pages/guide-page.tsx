import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ChevronRight, LifeBuoy } from 'lucide-react';
import { GUIDES, guideBySlug, guidePath, type GuideMeta } from '@tollgate/contract/general/guides';
import { useHead, SITE_NAME } from '#lib/head.ts';
import { GuideNav } from '../components/guide-nav.tsx';
import { ProxyValuesPanel, ProxyValuesProvider } from '../components/proxy-values.tsx';
import { GUIDE_CONTENT } from '../content/index.ts';
import type { GuideModule } from '../content/types.ts';

/** The guide's own chunk loads with the route, so the page renders whole (and prerenders whole). */
export async function loader({ params }: LoaderFunctionArgs) {
  const meta = guideBySlug(params.slug ?? '');
  const load = meta ? GUIDE_CONTENT[meta.slug] : undefined;
  if (!meta || !load) return { meta: null, content: null };
  const content: GuideModule = await load();
  return { meta, content };
}

function NotFound() {
  useHead({ title: `Guide not found · ${SITE_NAME}`, description: 'The setup guides for every tool.', path: '/guide' });
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">Guide not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        There is no guide at this address. Pick one from the list, or start with the{' '}
        <Link to={guidePath(GUIDES[0]!.slug)} className="font-medium text-brand-700 underline dark:text-brand-300">
          {GUIDES[0]!.title}
        </Link>
        .
      </p>
    </div>
  );
}

function Related({ meta }: { meta: GuideMeta }) {
  const related = GUIDES.filter((guide) => guide.group === meta.group && guide.slug !== meta.slug).slice(0, 3);
  return (
    <footer className="mt-14 space-y-6 border-t border-slate-200 pt-8 dark:border-slate-800">
      {related.length > 0 && (
        <div>
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">More in {meta.group}</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {related.map((guide) => (
              <li key={guide.slug}>
                <Link
                  to={guidePath(guide.slug)}
                  className="block h-full rounded-lg border border-slate-200 p-3 text-sm hover:border-brand-300 hover:bg-brand-50/50 dark:border-slate-800 dark:hover:border-brand-500/40 dark:hover:bg-brand-500/5"
                >
                  <span className="font-medium text-slate-900 dark:text-white">{guide.title}</span>
                  <span className="mt-1 block text-slate-600 dark:text-slate-400">{guide.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <LifeBuoy className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Need a hand? Our team answers{' '}
          <Link to="/ticket" className="font-medium text-brand-700 underline dark:text-brand-300">
            support tickets
          </Link>{' '}
          every day.
        </span>
      </p>
    </footer>
  );
}

function Guide({ meta, content }: { meta: GuideMeta; content: GuideModule }) {
  useHead({
    title: `${meta.title} setup guide · ${SITE_NAME}`,
    description: meta.description,
    path: guidePath(meta.slug),
    type: 'article',
  });
  const Content = content.default;
  return (
    <article data-testid={`guide-${meta.slug}`}>
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
        <span>Guides</span>
        <ChevronRight className="size-3.5" aria-hidden="true" />
        <span>{meta.group}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {meta.title}
      </h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-400">{meta.description}</p>
      <div className="mt-8 space-y-10 leading-relaxed text-slate-700 dark:text-slate-300 [&>p]:max-w-prose">
        {content.usesValues && <ProxyValuesPanel />}
        <Content />
      </div>
      <Related meta={meta} />
    </article>
  );
}

/** /guide/{slug}: one setup guide beside the list of all of them. */
export default function GuidePage() {
  const { meta, content } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  return (
    <ProxyValuesProvider preferred={search.get('plan')}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-14">
        <aside className="order-last lg:order-first">
          <div className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto">
            <GuideNav />
          </div>
        </aside>
        <div className="min-w-0">{meta && content ? <Guide meta={meta} content={content} /> : <NotFound />}</div>
      </div>
    </ProxyValuesProvider>
  );
}
