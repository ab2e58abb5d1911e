import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { renderWithProviders } from '../../../test/render.tsx';
import { TopBar } from './top-bar.tsx';

const user = { username: 'customer', balance: 12.34, role: 'User' } as CurrentUser;

describe('TopBar', () => {
  it('shows the balance linking to /topup and the username linking to /my-profile', () => {
    renderWithProviders(
      <TopBar user={user} mobile={false} onOpenMenu={vi.fn()} variant="customer" panelName="Dashboard" />,
    );
    expect(screen.getByTestId('balance')).toHaveTextContent('$12.34');
    expect(screen.getByTestId('balance')).toHaveAttribute('href', '/topup');
    expect(screen.getByTestId('username')).toHaveAttribute('href', '/my-profile');
    expect(screen.getByTestId('username')).toHaveTextContent('customer');
    expect(screen.getByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('shows $0.00 while the balance is absent', () => {
    renderWithProviders(
      <TopBar user={undefined} mobile onOpenMenu={vi.fn()} variant="customer" panelName="Dashboard" />,
    );
    expect(screen.getByTestId('balance')).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('has no balance in the staff panels', () => {
    renderWithProviders(
      <TopBar user={user} mobile={false} onOpenMenu={vi.fn()} variant="staff" panelName="Admin panel" />,
    );
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Admin panel');
  });
});
