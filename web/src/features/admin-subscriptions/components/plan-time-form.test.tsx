import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PlanTimeForm } from './plan-time-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const id = '10000000-0000-4000-8000-000000000001';
const path = `POST /api/v1/admin/plantime/${id}`;

describe('PlanTimeForm', () => {
  it('sends the days and the operation as timeToAdd and operationType', async () => {
    const fetch = fakeApi({ [path]: { message: 'Subscription updated', payload: null } });
    renderWithProviders(<PlanTimeForm subscriptionId={id} />);
    await userEvent.type(screen.getByLabelText('Days'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsTo(fetch, path)[0]?.body).toEqual({ timeToAdd: 10, operationType: 'add' }));

    await userEvent.type(screen.getByLabelText('Days'), '3');
    await userEvent.selectOptions(screen.getByLabelText('Operation'), 'subtract');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsTo(fetch, path)[1]?.body).toEqual({ timeToAdd: 3, operationType: 'subtract' }));
  });

  it('asks for whole days before calling, and shows a refusal in the server words', async () => {
    const fetch = fakeApi({
      [path]: {
        status: 400,
        message: 'Cannot subtract more time than the plan has',
        payload: { error: 'Cannot subtract more time than the plan has' },
      },
    });
    renderWithProviders(<PlanTimeForm subscriptionId={id} />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter days')).toBeInTheDocument();
    expect(callsTo(fetch, path)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Days'), '400');
    await userEvent.selectOptions(screen.getByLabelText('Operation'), 'subtract');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot subtract more time than the plan has');
  });
});
