import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { usePublicLanding } from '../api/get-landing.ts';
import { AccountCta } from '../components/account-cta.tsx';
import { HomeHero } from '../components/home-hero.tsx';
import { ProxyTypes } from '../components/proxy-types.tsx';
import { WhyUs } from '../components/why-us.tsx';

// Only shown once landing data has arrived with announcements, so its code loads then, off the entry budget.
const AnnouncementList = lazy(() =>
  import('#components/announcement-list.tsx').then((module) => ({ default: module.AnnouncementList })),
);

function Announcements() {
  const items = usePublicLanding()?.Announcements ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="news-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="news-title" className="mb-6 text-xl font-semibold text-slate-900 dark:text-white">
          Announcements
        </h2>
        <AnnouncementList items={items.slice(0, 5)} />
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <ProxyTypes />
      <WhyUs />
      <Suspense fallback={null}>
        <Announcements />
      </Suspense>
      <section className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center sm:px-12 dark:bg-brand-800">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(50%_80%_at_50%_0%,var(--color-brand-500),transparent)] opacity-60"
          />
          <div className="relative">
            <h2 className="text-3xl font-semibold tracking-tight text-white">Ready when your crawler is</h2>
            <p className="mx-auto mt-3 max-w-xl text-brand-100">
              Compare the plans, create an account, then generate your proxy list and start sending traffic in minutes.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <AccountCta variant="inverse" />
              <Link
                to={paths.pricing}
                className="inline-flex h-12 items-center rounded-lg border border-white/40 px-5 text-base font-medium text-white hover:bg-white/10"
              >
                See pricing
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
