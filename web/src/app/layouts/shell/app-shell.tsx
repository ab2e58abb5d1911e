import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cn } from '#lib/cn.ts';
import { useCurrentUser } from '#lib/session.ts';
import { useIsMobile } from '#lib/use-media-query.ts';
import type { ShellNav } from './nav.ts';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, SidebarContent } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

export interface AppShellProps {
  nav: ShellNav;
  variant: 'customer' | 'reseller' | 'staff';
  panelName: string;
  homePath: string;
  promo?: ReactNode;
  /** Shown above every page of the area (the customer's staff notice). */
  notice?: ReactNode;
  /** Controls of the area in the top bar (the admin notification bell). */
  topBarExtra?: ReactNode;
}

/** Sidebar + top bar frame shared by the customer, reseller, admin and support areas (spec §2, §9). */
export function AppShell({ nav, variant, panelName, homePath, promo, notice, topBarExtra }: AppShellProps) {
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const asideRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => setDrawerOpen(false), [location.pathname, mobile]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  // Keyboard users land inside the opened drawer and return to the menu button when it closes.
  useEffect(() => {
    if (drawerOpen) asideRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    else if (wasOpen.current) menuButtonRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);

  const isCollapsed = !mobile && collapsed;
  const hidden = mobile && !drawerOpen;
  return (
    <div className="flex min-h-screen">
      {mobile && drawerOpen && (
        <div
          className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[1px]"
          aria-hidden="true"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <aside
        ref={asideRef}
        data-testid="sidebar"
        data-mobile={mobile || undefined}
        data-collapsed={isCollapsed || undefined}
        aria-label={`${panelName} navigation`}
        inert={hidden || undefined}
        role={mobile && drawerOpen ? 'dialog' : undefined}
        aria-modal={mobile && drawerOpen ? true : undefined}
        style={{ width: isCollapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
        className={cn(
          'border-r border-slate-200 bg-white print:hidden dark:border-slate-800 dark:bg-slate-900',
          mobile
            ? cn(
                'fixed inset-y-0 left-0 z-50 shadow-xl transition-transform duration-200',
                hidden ? '-translate-x-full' : 'translate-x-0',
              )
            : 'sticky top-0 h-screen shrink-0 transition-[width] duration-200',
        )}
      >
        <SidebarContent
          nav={nav}
          homePath={homePath}
          collapsed={isCollapsed}
          mobile={mobile}
          onToggleCollapsed={() => setCollapsed((value) => !value)}
          onClose={() => setDrawerOpen(false)}
          promo={promo}
        />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          mobile={mobile}
          menuButtonRef={menuButtonRef}
          onOpenMenu={() => setDrawerOpen(true)}
          variant={variant}
          panelName={panelName}
          extra={topBarExtra}
        />
        <main
          id="main"
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0"
        >
          {notice}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
