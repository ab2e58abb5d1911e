import type { ReactNode } from 'react';
import { LogoMark } from '#components/logo.tsx';
import { cn } from '#lib/cn.ts';

export type AuthTone = 'brand' | 'success' | 'error' | 'info';

const badge: Record<Exclude<AuthTone, 'brand'>, string> = {
  success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  error: 'bg-red-100 text-red-600 dark:bg-red-500/15 dark:text-red-300',
  info: 'bg-brand-100 text-brand-700 dark:bg-brand-500/20 dark:text-brand-200',
};

/**
 * The frame of every sign-in and mail-link page: a mark (the logo, or a coloured icon for a
 * result), the heading, a line of help, the card and links under it.
 */
export function AuthCard({
  title,
  description,
  icon,
  tone = 'brand',
  children,
  footer,
  wide = false,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  tone?: AuthTone;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn('w-full', wide ? 'max-w-md' : 'max-w-sm')}>
      <div className="mb-7 flex flex-col items-center text-center">
        {tone === 'brand' || !icon ? (
          <LogoMark className="size-11" />
        ) : (
          <span className={cn('flex size-12 items-center justify-center rounded-full [&_svg]:size-6', badge[tone])}>
            {icon}
          </span>
        )}
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-balance text-slate-900 dark:text-white">
          {title}
        </h1>
        {description && (
          <div className="mt-1.5 text-sm text-balance text-slate-500 dark:text-slate-400">{description}</div>
        )}
      </div>
      {children && (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          {children}
        </div>
      )}
      {footer && <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>}
    </div>
  );
}

/** A quiet in-text link for card footers. */
export const authLinkClass =
  'font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline dark:text-brand-400 dark:hover:text-brand-300';
