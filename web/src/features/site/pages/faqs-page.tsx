import { Suspense } from 'react';
import { useRevalidator } from 'react-router';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { usePublicLanding } from '../api/get-landing.ts';
import { FaqContent } from '#components/site/faq-content.tsx';
import { useHead, SITE_NAME } from '#lib/head.ts';

function PublicFaq() {
  const landing = usePublicLanding();
  const revalidator = useRevalidator();
  if (landing === undefined) return <PageSpinner />;
  return <FaqContent items={landing?.FAQ ?? null} onRetry={() => void revalidator.revalidate()} />;
}

export default function FaqsPage() {
  useHead({
    title: `Frequently asked questions · ${SITE_NAME}`,
    description: 'Answers about plans, billing, proxy setup and the API: the questions customers ask most.',
    path: '/faqs',
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-medium text-brand-600 dark:text-brand-400">Help centre</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Frequently asked questions
      </h1>
      <p className="mt-3 mb-10 text-slate-600 dark:text-slate-400">
        Plans, billing, proxy setup and the API: the answers customers look for most.
      </p>
      <Suspense fallback={<PageSpinner />}>
        <PublicFaq />
      </Suspense>
    </section>
  );
}
