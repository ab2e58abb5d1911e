import { useEffect } from 'react';
import { PageHeader } from '#components/page-header.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { storage } from '#lib/storage.ts';
import { useLanding } from '../api/use-landing.ts';
import { FaqContent } from '#components/site/faq-content.tsx';

/** The customer-area copy of the FAQ; visiting it sets `faqVisited` (DESIGN §10). */
export default function FaqPage() {
  const { data, isPending, refetch } = useLanding();
  useEffect(() => storage.faqVisited.set(true), []);
  return (
    <div className="max-w-3xl">
      <PageHeader title="FAQs" description="Answers about plans, billing, proxy setup and the API." />
      {isPending ? <PageSpinner /> : <FaqContent items={data?.FAQ ?? null} onRetry={() => void refetch()} />}
    </div>
  );
}
