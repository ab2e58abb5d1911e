import { Suspense } from 'react';
import { useRevalidator } from 'react-router';
import { StatusReport } from '#components/site/status-report.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { usePublicLanding } from '../api/get-landing.ts';
import { useHead, SITE_NAME } from '#lib/head.ts';

function LiveStatus() {
  const landing = usePublicLanding();
  const revalidator = useRevalidator();
  if (landing === undefined) return <PageSpinner />;
  if (!landing) {
    return (
      <ErrorState
        error={new Error('The service status could not be loaded. Please try again in a moment.')}
        onRetry={() => void revalidator.revalidate()}
      />
    );
  }
  return <StatusReport status={landing.Status} />;
}

export default function StatusPage() {
  useHead({
    title: `Service status · ${SITE_NAME}`,
    description:
      'Live state of the proxy network, dashboard, API and payments, with current incidents and maintenance.',
    path: '/status',
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-medium text-brand-600 dark:text-brand-400">Service status</p>
      <h1 className="mt-2 mb-10 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Is everything running?
      </h1>
      <Suspense fallback={<PageSpinner />}>
        <LiveStatus />
      </Suspense>
    </section>
  );
}
