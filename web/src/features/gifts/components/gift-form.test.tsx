import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { GiftForm } from './gift-form.tsx';

afterEach(() => vi.unstubAllGlobals());
const CREATE = 'POST /api/v1/admin/gifts';
const PLANS = { 'GET /api/v1/admin/plans': { payload: { items: [], total: 0, page: 1, size: 0 } } };

describe('GiftForm', () => {
  it('names what is wrong before sending: a plan gift needs a plan, the per-account limit fits the quantity', async () => {
    const fetch = fakeApi(PLANS);
    renderWithProviders(<GiftForm onCreated={() => {}} onCancel={() => {}} />);
    const form = screen.getByRole('form', { name: 'New gift code' });
    await userEvent.selectOptions(within(form).getByLabelText('Worth'), 'plan');
    await userEvent.clear(within(form).getByLabelText('Per account'));
    await userEvent.type(within(form).getByLabelText('Per account'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getAllByText('Choose a plan')).toHaveLength(2); // the placeholder and the error
    expect(within(form).getByLabelText('Plan')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('The per-account limit cannot exceed the quantity')).toBeInTheDocument();
    expect(callsTo(fetch, CREATE)).toHaveLength(0);
  });

  it('sends a balance gift as the contract reads it, the code upper case', async () => {
    const created = vi.fn();
    const fetch = fakeApi({ ...PLANS, [CREATE]: { payload: { id: 'g1', code: 'SPRING' } } });
    renderWithProviders(<GiftForm onCreated={created} onCancel={() => {}} />);
    const form = screen.getByRole('form', { name: 'New gift code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'spring');
    await userEvent.clear(within(form).getByLabelText('Amount ($)'));
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '12.50');
    await userEvent.clear(within(form).getByLabelText('Quantity'));
    await userEvent.type(within(form).getByLabelText('Quantity'), '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(callsTo(fetch, CREATE)[0]!.body).toMatchObject({
      code: 'spring',
      kind: 'balance',
      amount: 12.5,
      quantity: 20,
      perAccountLimit: 1,
      expiresAt: null,
    });
  });
});
