import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AWAITS_APPROVAL } from '@tollgate/contract/admin/change-requests';
import { notify } from '#lib/toast.ts';
import { buildStaffSubscription } from '../../../test/builders.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildSupportAccount, CUSTOMER_ID, plans } from '../test-data.ts';
import SupportAccountPage from '../pages/support-account-page.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

const plan = buildStaffSubscription({ planTitle: 'Residential 10 GB', autoRenew: false, renewValue: null });
const ADD = `PATCH /api/v1/support/subscriptions/${plan.id}/add`;
const DAYS = `POST /api/v1/support/plantime/${plan.id}`;
const DELETE = `DELETE /api/v1/support/subscriptions/${plan.id}`;
const RESOLVE = `PATCH /api/v1/support/subscriptions/${plan.id}/resolve`;

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const fetch = fakeApi({
    [`GET /api/v1/support/accounts/${CUSTOMER_ID}`]: {
      payload: { account: buildSupportAccount(), subscriptions: plans([plan]) },
    },
    ...routes,
  });
  renderWithProviders(<SupportAccountPage />, {
    route: '/support/accounts/:userId',
    path: `/support/accounts/${CUSTOMER_ID}`,
  });
  return fetch;
}

/** Opens the plan's menu (the table's; the phone list has its own) and picks `item`. */
async function choose(item: string) {
  const buttons = await screen.findAllByRole('button', { name: 'Actions for Residential 10 GB' });
  await userEvent.click(buttons.at(-1)!);
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('Support’s plan actions', () => {
  it('adds GB with a reason and says so; the plans are read again', async () => {
    const fetch = renderPage({ [ADD]: { message: 'Subscription updated', payload: plan } });
    await choose('Add bandwidth');
    const dialog = await screen.findByRole('dialog', { name: 'Add bandwidth' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bandwidth' }));
    expect(await within(dialog).findByText('Enter GB to add')).toBeInTheDocument();
    expect(callsTo(fetch, ADD)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('GB to add'), '1');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Outage on 24 Nov');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bandwidth' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Subscription updated'));
    expect(callsTo(fetch, ADD)[0]!.body).toEqual({ bandwidth: 1, reason: 'Outage on 24 Nov' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetch, `GET /api/v1/support/accounts/${CUSTOMER_ID}`).length).toBeGreaterThan(1);
  });

  it('tells Support its change waits for approval as news, not as a success', async () => {
    renderPage({ [ADD]: { message: AWAITS_APPROVAL, payload: plan } });
    await choose('Add bandwidth');
    const dialog = await screen.findByRole('dialog', { name: 'Add bandwidth' });
    await userEvent.type(within(dialog).getByLabelText('GB to add'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bandwidth' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('info', AWAITS_APPROVAL));
    expect(notify).not.toHaveBeenCalledWith('success', expect.anything());
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    renderPage({
      [DAYS]: { status: 400, message: 'At most 366 days at a time', payload: { error: 'At most 366 days at a time' } },
    });
    await choose('Add or subtract days');
    const dialog = await screen.findByRole('dialog', { name: 'Add or subtract days' });
    await userEvent.type(within(dialog).getByLabelText('Days'), '400');
    await userEvent.selectOptions(within(dialog).getByLabelText('Operation'), 'subtract');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change days' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('At most 366 days at a time');
    expect(notify).not.toHaveBeenCalled();
  });

  it('deletes only after confirmation; a plan without renewal cannot lose it', async () => {
    const fetch = renderPage({ [DELETE]: { message: 'Subscription deleted', payload: null } });
    await choose('Delete subscription');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this subscription?' });
    expect(callsTo(fetch, DELETE)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete subscription' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Subscription deleted'));
    expect(callsTo(fetch, DELETE)[0]!.url.search).toBe('');

    const buttons = await screen.findAllByRole('button', { name: 'Actions for Residential 10 GB' });
    await userEvent.click(buttons.at(-1)!);
    expect(await screen.findByRole('menuitem', { name: 'Delete only renewal' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('resolves at once and reports a failure as an error toast', async () => {
    renderPage({ [RESOLVE]: { status: 404, message: 'Not Found', payload: { error: 'No such subscription' } } });
    await choose('Resolve');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Not Found'));
  });
});
