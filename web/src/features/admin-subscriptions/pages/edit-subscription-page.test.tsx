import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { callsTo, fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildStaffSubscription } from '../../../test/builders.ts';
import EditSubscriptionPage from './edit-subscription-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const subscription = buildStaffSubscription();
const base = `/api/v1/admin/subscriptions/${subscription.id}`;
const answer = (payload: unknown, message = 'Subscription updated'): Reply => ({ message, payload });

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const fetch = fakeApi({ [`GET ${base}`]: answer(subscription, 'Subscription details'), ...routes });
  const view = renderWithProviders(
    <>
      <EditSubscriptionPage />
      <ToastContainer />
    </>,
    { route: '/admin/subscriptions/edit/:subscriptionId', path: `/admin/subscriptions/edit/${subscription.id}` },
  );
  return { fetch, ...view };
}

describe('EditSubscriptionPage', () => {
  it('saves only the changed fields and shows the new state', async () => {
    const { fetch } = renderPage({
      [`PATCH ${base}`]: (request) => answer({ ...subscription, ...(request.body as object), bandwidthLeft: 12.5 }),
    });
    const form = await screen.findByRole('form', { name: 'Edit subscription' });
    await userEvent.clear(within(form).getByLabelText('Bandwidth (GB, total)'));
    await userEvent.type(within(form).getByLabelText('Bandwidth (GB, total)'), '15');
    await userEvent.click(within(form).getByRole('switch', { name: 'Auto-renew' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    expect(callsTo(fetch, `PATCH ${base}`)[0]!.body).toEqual({ bandwidth: 15, autoRenew: true });
    expect(screen.getByTestId('subscription-bandwidth')).toHaveTextContent('2.5 of 15 GB used');
    // Issue 32: the state and the length were read as one word ("Onplan length").
    expect(screen.getByTestId('subscription-auto-renew').textContent).toBe('On · renews for the plan’s length');
  });

  it('adds bandwidth and time with the staff tools', async () => {
    const { fetch } = renderPage({
      [`PATCH ${base}/add`]: answer({ ...subscription, bandwidth: 15 }),
      [`POST /api/v1/admin/plantime/${subscription.id}`]: answer({
        ...subscription,
        bandwidth: 15,
        expiresAt: '2026-12-31T10:00:00.000Z',
      }),
    });
    await userEvent.type(await screen.findByLabelText('GB to add'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Add bandwidth' }));
    await waitFor(() => expect(screen.getByTestId('subscription-bandwidth')).toHaveTextContent('of 15 GB used'));
    expect(callsTo(fetch, `PATCH ${base}/add`)[0]!.body).toEqual({ bandwidth: 5 });

    await userEvent.type(screen.getByLabelText('Days'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('subscription-ends')).toHaveTextContent('Dec 31, 2026'));
  });

  it("says 'Payment verification failed' and the whitelist failure texts of the spec", async () => {
    renderPage({
      [`POST ${base}/reverify-payment`]: {
        status: 400,
        message: 'Payment verification failed',
        payload: { error: 'Payment verification failed' },
      },
      [`GET /api/v1/admin/setwhitelistlimit/${subscription.id}/25`]: {
        status: 404,
        message: 'No such subscription',
        payload: { error: 'No such subscription' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reverify payment' }));
    expect(await screen.findByText('Payment verification failed')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New limit'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Failed to set whitelist limit')).toBeInTheDocument();
  });

  it('deletes the subscription after confirming and goes back to the list', async () => {
    const { fetch, router } = renderPage({ [`DELETE ${base}`]: answer(null, 'Subscription deleted') });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this subscription?' });
    expect(callsTo(fetch, `DELETE ${base}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/subscriptions'));
    expect(callsTo(fetch, `DELETE ${base}`)[0]!.url.searchParams.has('deleteOnlyRenew')).toBe(false);
  });

  it('deletes only the renewal with deleteOnlyRenew=true', async () => {
    const { fetch } = renderPage({
      [`GET ${base}`]: answer({ ...subscription, autoRenew: true, renewValue: 30 }, 'Subscription details'),
      [`DELETE ${base}`]: answer(null, 'Subscription deleted'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete only renewal' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete only the renewal?' })).getByRole('button', {
        name: 'Delete renewal',
      }),
    );
    expect(await screen.findByText('Auto-renewal removed')).toBeInTheDocument();
    expect(callsTo(fetch, `DELETE ${base}`)[0]!.url.searchParams.get('deleteOnlyRenew')).toBe('true');
  });
});
