import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { loadLanding } from '#features/site/api/get-landing.ts';
import { Logo } from '#components/logo.tsx';
import { ThemeSwitch } from '#components/theme-switch.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { cn } from '#lib/cn.ts';
import { paths } from '#lib/paths.ts';
import { storage } from '#lib/storage.ts';
import { useSignedIn } from '#lib/use-signed-in.ts';
import { Footer, LiveFooter } from './public-footer.tsx';

const nav = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.pricing, label: 'Pricing', end: false },
  { to: paths.guides, label: 'Guides', end: false },
  { to: paths.blog, label: 'Blog', end: false },
  { to: paths.faqs, label: 'FAQs', end: false },
  { to: paths.status, label: 'Status', end: false },
];

/** Staff land back in the panel they last used (showAdmin / showSupport), reseller API accounts in theirs. */
function dashboardPath(): string {
  if (storage.getUser()?.reseller === 1) return paths.resellerPanel.root;
  if (storage.showAdmin.get()) return paths.admin.dashboard;
  if (storage.showSupport.get()) return paths.support.trialpage;
  return paths.dashboard;
}

/** Signed in: the way back in. Visitors: "Sign in" (in the menu below `sm`) beside "Get started". */
function AccountButtons() {
  if (useSignedIn()) {
    return (
      // The short label keeps the header within 375 px (logo, theme, this, menu).
      <Link to={dashboardPath()} aria-label="Go to dashboard" className={buttonClass('primary', 'md', 'px-3 sm:px-4')}>
        <span className="sm:hidden">Dashboard</span>
        <span className="max-sm:hidden">Go to dashboard</span>
      </Link>
    );
  }
  return (
    <>
      <Link to={paths.login} className={buttonClass('outline', 'md', 'max-sm:hidden')}>
        Sign in
      </Link>
      <Link to={paths.register} className={buttonClass('primary', 'md', 'px-3 sm:px-4')}>
        Get started
      </Link>
    </>
  );
}

function Header() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive
        ? 'text-brand-700 dark:text-brand-300'
        : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
    );
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          <ThemeSwitch />
          <AccountButtons />
          <button
            type="button"
            className={buttonClass('ghost', 'icon', 'md:hidden')}
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="public-mobile-nav"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="public-mobile-nav"
          aria-label="Main"
          className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
        >
          <div className="flex flex-col gap-1">
            {nav.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
                {item.label}
              </NavLink>
            ))}
            {!storage.getToken() && (
              <NavLink to={paths.login} className={linkClass}>
                Sign in
              </NavLink>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}

export function loader() {
  // Not awaited: pages render at once and the footer fills in when landing data arrives.
  return { landing: loadLanding() };
}

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Suspense fallback={<Footer data={null} />}>
        <LiveFooter />
      </Suspense>
    </div>
  );
}
