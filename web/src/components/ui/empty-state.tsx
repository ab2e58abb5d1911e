import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, type LucideIcon } from 'lucide-react';
import { ApiError } from '#lib/api-client.ts';
import { cn } from '#lib/cn.ts';

export function EmptyState({
  title,
  description,
  icon: Icon = Inbox,
  action,
  className,
}: {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-12 text-center', className)}>
      <div className="mb-3 flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-slate-900 dark:text-white">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">{description}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** The error flavour of EmptyState: shows the server message and an optional retry. */
export function ErrorState({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  // 403 'forbidden' means signed in but not allowed (DESIGN §4): say so instead of the bare word.
  const message =
    error instanceof ApiError && error.status === 403
      ? 'Your account is not allowed to see this.'
      : error instanceof Error
        ? error.message
        : 'Something went wrong';
  return (
    <EmptyState
      className={className}
      icon={AlertTriangle}
      title="Could not load this"
      description={
        error instanceof ApiError && error.status >= 500 && error.requestId ? (
          <>
            {message}
            <span className="mt-1 block font-mono text-xs">Reference {error.requestId}</span>
          </>
        ) : (
          message
        )
      }
      action={
        onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400"
          >
            Try again
          </button>
        )
      }
    />
  );
}
