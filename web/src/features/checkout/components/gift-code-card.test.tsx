import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { GiftCodeCard } from './gift-code-card.tsx';

afterEach(() => vi.unstubAllGlobals());
const REDEEM = 'POST /api/v1/public/gifts/redeem';

describe('GiftCodeCard', () => {
  it('checks the code before sending, then redeems it and says what was added', async () => {
    const fetch = fakeApi({
      'GET /api/v1/auth/me': { payload: testUser() },
      [REDEEM]: { payload: { kind: 'balance', amount: 7.5, subscriptionId: null, planTitle: null, balance: 32.5 } },
    });
    renderWithProviders(<GiftCodeCard />);
    const form = screen.getByRole('form', { name: 'Redeem a gift code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'ab');
    await userEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(within(form).getByText('A gift code is 4 to 40 letters, digits and dashes')).toBeInTheDocument();
    expect(callsTo(fetch, REDEEM)).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Code'));
    await userEvent.type(within(form).getByLabelText('Code'), ' spring-gift ');
    await userEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await within(form).findByText('$7.50 was added. Your balance is now $32.50.')).toBeInTheDocument();
    expect(callsTo(fetch, REDEEM)[0]!.body).toEqual({ code: 'SPRING-GIFT' });
  });

  it('shows the server’s refusal in the form', async () => {
    fakeApi({
      [REDEEM]: {
        status: 400,
        message: 'You have already redeemed this gift code',
        payload: { error: 'You have already redeemed this gift code' },
      },
    });
    renderWithProviders(<GiftCodeCard />);
    const form = screen.getByRole('form', { name: 'Redeem a gift code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'WELCOME-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await within(form).findByText('You have already redeemed this gift code')).toBeInTheDocument();
  });
});
