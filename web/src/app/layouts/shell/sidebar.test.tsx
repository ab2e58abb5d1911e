import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@tollgate/contract/access/roles';
import type { LandingPayload } from '@tollgate/contract/general/landing';
import { storage } from '#lib/storage.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customerNav, resellerNav, staffNav, type ShellNav } from './nav.ts';
import { SidebarContent } from './sidebar.tsx';

const landing: Pick<LandingPayload, 'SocialLinks' | 'Links'> = {
  SocialLinks: {
    value: [
      { social: 'Discord', link: 'https://discord.com/invite/tollgate' },
      { social: 'Telegram', link: 'https://t.me/tollgate' },
      { social: 'Instagram', link: 'https://instagram.com/tollgate' },
      { social: 'Twitter', link: 'https://x.com/tollgate' },
    ],
  },
  Links: { extensionStore: 'https://store.example/ext', resellerDashboard: 'https://resellers.example' },
};

function renderSidebar(nav: ShellNav, collapsed = false, path = '/dashboard') {
  return renderWithProviders(
    <SidebarContent
      nav={nav}
      homePath="/dashboard"
      collapsed={collapsed}
      mobile={false}
      onToggleCollapsed={vi.fn()}
      onClose={vi.fn()}
    />,
    { path },
  );
}

const button = (name: string) => screen.queryByRole('button', { name });

/** The sidebar's links into the app, sorted. */
const internalLinks = () =>
  screen
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '')
    .filter((href) => href.startsWith('/'))
    .sort();

describe('customer sidebar', () => {
  it.each<[Role, string[]]>([
    ['Administrator', ['Go to Admin Panel']],
    ['Manager', ['Go to Admin Panel']],
    ['Support', ['Go to Support Panel']],
    ['User', []],
  ])('shows %s the switch buttons %j', (role, expected) => {
    renderSidebar(customerNav(role, landing));
    for (const name of ['Go to Admin Panel', 'Go to Support Panel', 'Go to User Panel']) {
      if (expected.includes(name)) expect(button(name)).toBeInTheDocument();
      else expect(button(name)).not.toBeInTheDocument();
    }
  });

  it('shows unread staff answers as a count on Tickets, and no count when there are none', () => {
    const { unmount } = renderSidebar(customerNav('User', landing, 3));
    const tickets = screen.getByRole('link', { name: /^Tickets\s*3\s*unread$/ });
    expect(tickets).toHaveAttribute('href', '/ticket');
    unmount();
    renderSidebar(customerNav('User', landing, 0));
    expect(screen.getByRole('link', { name: 'Tickets' })).toHaveTextContent(/^Tickets$/);
  });

  it('lists the sections of spec §2 with landing links opened safely in a new tab', () => {
    renderSidebar(customerNav('User', landing));
    const nav = screen.getByRole('navigation', { name: 'Sidebar' });
    for (const title of ['Main menu', 'Support', 'Reseller', 'Connect with us']) {
      expect(within(nav).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'Plans' })).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/topup');
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(screen.getByRole('link', { name: 'My coupons' })).toHaveAttribute('href', '/my-coupons');
    expect(screen.getByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/api-docs');
    expect(screen.getByRole('link', { name: 'Reseller API' })).toHaveAttribute('href', '/reseller');
    expect(screen.getByRole('link', { name: 'Reseller programme' })).toHaveAttribute(
      'href',
      '/dashboard/reseller-dashboard',
    );
    expect(screen.getByRole('link', { name: 'Sub-users' })).toHaveAttribute('href', '/subuser-management');
    const reseller = screen.getByRole('link', { name: /Reseller dashboard/ });
    expect(reseller).toHaveAttribute('href', 'https://resellers.example');
    expect(reseller).toHaveAttribute('target', '_blank');
    expect(reseller.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: /Discord/ })).toHaveAttribute(
      'href',
      'https://discord.com/invite/tollgate',
    );
    expect(screen.getByRole('link', { name: /Telegram/ })).toHaveAttribute('href', 'https://t.me/tollgate');
    // Rule 129: the chat-community and messaging links only; the footer has the others.
    const connect = within(nav).getByRole('heading', { name: 'Connect with us' }).parentElement!;
    expect(within(connect).queryByRole('link', { name: /Instagram|Twitter/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Instagram|Twitter/ })).not.toBeInTheDocument();
  });

  it('links only to pages that exist', () => {
    renderSidebar(customerNav('Administrator', landing));
    expect(internalLinks()).toEqual([
      '/api-docs',
      '/dashboard',
      '/dashboard',
      '/dashboard/reseller-dashboard',
      '/faq',
      '/guide/tollgate-extension',
      '/invoices',
      '/my-coupons',
      '/plans',
      '/proxy-usage',
      '/referral',
      '/referral/rewards',
      '/reseller',
      '/subuser-management',
      '/ticket',
      '/topup',
    ]);
  });

  it('leaves landing-driven entries out while landing data is unavailable', () => {
    renderSidebar(customerNav('User'));
    expect(screen.queryByRole('link', { name: /Reseller dashboard/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect with us' })).not.toBeInTheDocument();
  });

  it('leaves the reseller dashboard out for customers when it is the in-app reseller panel (the default)', () => {
    renderSidebar(
      customerNav('User', { ...landing, Links: { ...landing.Links, resellerDashboard: '/reseller/panel' } }),
    );
    expect(screen.queryByRole('link', { name: /Reseller dashboard/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /panel/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reseller programme' })).toBeInTheDocument();
  });

  it('sets showAdmin and opens the admin panel from "Go to Admin Panel"', async () => {
    const { router } = renderSidebar(customerNav('Manager', landing));
    await userEvent.click(screen.getByRole('button', { name: 'Go to Admin Panel' }));
    expect(localStorage.getItem('showAdmin')).toBe('true');
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('sets showSupport and opens the support panel from "Go to Support Panel"', async () => {
    const { router } = renderSidebar(customerNav('Support', landing));
    await userEvent.click(screen.getByRole('button', { name: 'Go to Support Panel' }));
    expect(localStorage.getItem('showSupport')).toBe('true');
    expect(router.state.location.pathname).toBe('/support/trialpage');
  });

  it('remembers the chosen menu item in selectedMenu', async () => {
    renderSidebar(customerNav('User', landing));
    await userEvent.click(screen.getByRole('link', { name: 'FAQs' }));
    expect(storage.getSelectedMenu()).toBe('faq');
  });

  it('keeps labels for screen readers when collapsed', () => {
    renderSidebar(customerNav('User', landing), true);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('title', 'Dashboard');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });
});

describe('staff sidebar', () => {
  it.each<[Role, string[]]>([
    [
      'Administrator',
      [
        'Statistics',
        'User Management',
        'Resell user',
        'Management panel',
        'Plan Management',
        'Product Manage',
        'Product API',
        'Subscriptions',
        'Change requests',
        'Invoices',
        'Coupons',
        'Gift Management',
        'Partners Link',
        'Tickets',
        'Suggestions',
        'Blogs',
        'Category',
        'MAIL Sender',
        'Website Management',
        'Legal texts',
        'General Site Logs',
        'System',
      ],
    ],
    [
      'Manager',
      [
        'User Management',
        'Plan Management',
        'Product Manage',
        'Product API',
        'Subscriptions',
        'Change requests',
        'Invoices',
        'Coupons',
        'Tickets',
        'Suggestions',
        'Blogs',
        'Category',
        'MAIL Sender',
        'Website Management',
      ],
    ],
    // Support answers customers (DESIGN §10): its own desk, suggestions and plans list, no money or settings.
    ['Support', ['Management panel', 'Plans', 'Tickets', 'Suggestions']],
    ['User', []],
  ])('shows %s the areas %j', (role, areas) => {
    renderSidebar(staffNav(role));
    const nav = screen.getByRole('navigation', { name: 'Sidebar' });
    const labels = within(nav)
      .queryAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(areas);
  });

  it('offers "Go to User Panel" to every staff role and clears the panel flags', async () => {
    for (const role of ['Administrator', 'Manager', 'Support'] as const) {
      const { unmount } = renderSidebar(staffNav(role));
      expect(button('Go to User Panel')).toBeInTheDocument();
      unmount();
    }
    storage.showAdmin.set(true);
    storage.showSupport.set(true);
    const { router } = renderSidebar(staffNav('Support'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to User Panel' }));
    expect(localStorage.getItem('showAdmin')).toBeNull();
    expect(localStorage.getItem('showSupport')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['/admin/reseller/0000/edit', 'Resell user'],
    ['/admin/accounts/0000/balance', 'User Management'],
  ])('marks the area of %s as current', (path, area) => {
    renderSidebar(staffNav('Administrator'), false, path);
    expect(screen.getByRole('link', { name: area })).toHaveAttribute('class', expect.stringContaining('bg-brand-50'));
    expect(screen.getByRole('link', { name: 'Statistics' })).not.toHaveAttribute(
      'class',
      expect.stringContaining('bg-brand-50'),
    );
  });

  it('gives a plain User no switch at all', () => {
    renderSidebar(staffNav('User'));
    expect(screen.queryAllByRole('button', { name: /Go to/ })).toHaveLength(0);
  });
});

describe('reseller panel sidebar (ADR 044)', () => {
  it('lists the panel pages and the API docs, none of the customer area, and no panel switch', () => {
    renderSidebar(resellerNav(landing), false, '/reseller/panel/sub-users/abc');
    expect(internalLinks()).toEqual([
      '/dashboard',
      '/reseller',
      '/reseller/panel',
      '/reseller/panel/api-key',
      '/reseller/panel/orders',
      '/reseller/panel/sub-users',
    ]);
    // The logo's home is the test's; the sub-users item stays lit on one sub-user's page, Overview does not.
    expect(screen.getByRole('link', { name: 'Sub-users' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'API docs' })).not.toHaveAttribute('aria-current');
    // A seller who runs its own reseller site still links it, in a new tab.
    expect(screen.getByRole('link', { name: /Reseller dashboard/ })).toHaveAttribute(
      'href',
      'https://resellers.example',
    );
    expect(button('Go to User Panel')).not.toBeInTheDocument();
  });
});
