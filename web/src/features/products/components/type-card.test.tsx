import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TypeSummary, TypesConfigPayload } from '@tollgate/contract/admin/products';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TypeCard } from './type-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const residential: TypeSummary = {
  type: 'residential',
  displayName: 'Residential',
  description: 'Real household IPs.',
  enabled: true,
  backend: 'plan',
  formats: ['host:port:user:pass', 'user:pass@host:port', 'url'],
  exits: { count: 3, countries: ['DE', 'GB', 'US'], anyCountry: false },
  plans: { total: 2, onSale: 2, upstream: 0 },
};
const payload = (type: TypeSummary): TypesConfigPayload => ({
  types: [type],
  upstreamConfigured: false,
  updatedAt: '2026-11-25T06:00:00.000Z',
});

describe('TypeCard', () => {
  it('summarises the exits and refuses to save a type without any list format, sending nothing', async () => {
    const fetch = fakeApi({});
    renderWithProviders(<TypeCard type={residential} upstreamConfigured={false} />);
    expect(screen.getByTestId('exits-residential')).toHaveTextContent('3 exits serving DE, GB, US.');
    expect(screen.getByRole('option', { name: 'Upstream provider (not connected)' })).toBeDisabled();
    const save = screen.getByRole('button', { name: 'Save Residential' });
    expect(save).toBeDisabled();
    for (const label of ['host:port:user:pass', 'user:pass@host:port', 'URL (http:// or socks5://)'])
      await userEvent.click(screen.getByLabelText(label));
    await userEvent.click(save);
    expect(screen.getByText('formats: offer at least one list format')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server refusal in the card', async () => {
    fakeApi({
      'PUT /api/v1/admin/types-config/residential': {
        status: 400,
        message:
          'backend: Residential plans “Resi 1” are delivered by the upstream provider; change their provider first',
      },
    });
    renderWithProviders(<TypeCard type={residential} upstreamConfigured />);
    await userEvent.selectOptions(screen.getByLabelText('Delivered by'), 'builtin');
    await userEvent.click(screen.getByRole('button', { name: 'Save Residential' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('are delivered by the upstream provider');
  });

  it('takes the type off sale with only the URL format', async () => {
    const saved = { ...residential, enabled: false, formats: ['url' as const] };
    const fetch = fakeApi({
      'PUT /api/v1/admin/types-config/residential': { message: 'Type updated', payload: payload(saved) },
    });
    renderWithProviders(<TypeCard type={residential} upstreamConfigured={false} />);
    await userEvent.click(screen.getByRole('switch', { name: 'On sale' }));
    await userEvent.click(screen.getByLabelText('host:port:user:pass'));
    await userEvent.click(screen.getByLabelText('user:pass@host:port'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Residential' }));
    await waitFor(() => expect(callsTo(fetch, 'PUT /api/v1/admin/types-config/residential')).toHaveLength(1));
    expect(callsTo(fetch, 'PUT /api/v1/admin/types-config/residential')[0]!.body).toEqual({
      displayName: 'Residential',
      description: 'Real household IPs.',
      enabled: false,
      backend: 'plan',
      formats: ['url'],
    });
  });
});
