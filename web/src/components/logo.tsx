import { Link } from 'react-router';
import { cn } from '#lib/cn.ts';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M9 11h14M16 11v12M11 17h10" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({
  to = '/',
  collapsed = false,
  className,
}: {
  to?: string;
  collapsed?: boolean;
  className?: string;
}) {
  return (
    <Link to={to} className={cn('flex items-center gap-2.5 rounded-lg', className)} aria-label="Tollgate home">
      <LogoMark />
      {!collapsed && (
        <span className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">Tollgate</span>
      )}
    </Link>
  );
}
