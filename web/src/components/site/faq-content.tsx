import { CircleHelp } from 'lucide-react';
import type { FaqItem } from '@tollgate/contract/general/landing';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { FaqAccordion } from './faq-accordion.tsx';

/** The FAQ list, or its empty and error states; `items: null` means landing data is unavailable. */
export function FaqContent({ items, onRetry }: { items: FaqItem[] | null; onRetry?: () => void }) {
  if (items === null) {
    return (
      <ErrorState error={new Error('The FAQ could not be loaded. Please try again in a moment.')} onRetry={onRetry} />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={CircleHelp}
        title="No questions yet"
        description="Our team is writing the answers. Check back soon."
      />
    );
  }
  return <FaqAccordion items={items} />;
}
