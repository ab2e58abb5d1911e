import { Link, Outlet } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ThemeSwitch } from '#components/theme-switch.tsx';
import { paths } from '#lib/paths.ts';

/** Sign-in, sign-up and the pages mail links open: one centred column, a way home and the theme. */
export default function AuthLayout() {
  return (
    <div className="relative flex min-h-screen flex-col bg-[radial-gradient(70%_40%_at_50%_0%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(70%_40%_at_50%_0%,color-mix(in_oklch,var(--color-brand-700)_30%,transparent),transparent)]">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link
          to={paths.home}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to home
        </Link>
        <ThemeSwitch />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <Outlet />
      </main>
    </div>
  );
}
