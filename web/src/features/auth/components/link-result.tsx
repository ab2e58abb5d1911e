import type { ReactNode } from 'react';
import { CheckCircle2, Link2Off } from 'lucide-react';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import type { Outcome } from '#lib/use-once.ts';
import { AuthCard } from './auth-card.tsx';

export interface ResultView {
  title: string;
  description: ReactNode;
  actions: ReactNode;
}

/** The three faces of a page that acts on a mailed link as it opens: working, done, refused. */
export function LinkResult<T>({
  outcome,
  pendingTitle,
  success,
  failure,
}: {
  outcome: Outcome<T>;
  pendingTitle: string;
  success: (data: T) => ResultView;
  failure: (message: string) => ResultView;
}) {
  if (outcome.status === 'pending') {
    return (
      <AuthCard title={pendingTitle} description="This takes a moment.">
        <div className="flex justify-center py-2">
          <Spinner className="[&_svg]:size-7" />
        </div>
      </AuthCard>
    );
  }
  const ok = outcome.status === 'success';
  const view = ok ? success(outcome.data) : failure(errorMessage(outcome.error));
  return (
    <AuthCard
      wide
      tone={ok ? 'success' : 'error'}
      icon={ok ? <CheckCircle2 aria-hidden="true" /> : <Link2Off aria-hidden="true" />}
      title={view.title}
      description={<p data-testid={ok ? 'link-success' : 'link-error'}>{view.description}</p>}
    >
      <div className="flex flex-col gap-3">{view.actions}</div>
    </AuthCard>
  );
}
