import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { DiscordCard } from './discord-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const link = (linked: boolean) => ({
  configured: true,
  linked,
  username: linked ? 'proxyfan#0001' : null,
  authorizeUrl: 'https://discord.example/oauth2/authorize?client_id=1',
});

describe('DiscordCard', () => {
  it('offers to connect when configured and not linked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(200, { status: 200, message: 'Discord link', payload: link(false) })),
    );
    renderWithProviders(<DiscordCard />, { path: '/my-profile' });
    expect(await screen.findByRole('link', { name: 'Connect Discord' })).toHaveAttribute(
      'href',
      'https://discord.example/oauth2/authorize?client_id=1',
    );
  });

  it('says so when Discord is not configured, with no button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(200, {
          status: 200,
          message: 'Discord link',
          payload: { configured: false, linked: false, username: null, authorizeUrl: null },
        }),
      ),
    );
    renderWithProviders(<DiscordCard />, { path: '/my-profile' });
    expect(await screen.findByText('Discord linking is not available right now.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connect Discord' })).not.toBeInTheDocument();
  });

  it('exchanges the OAuth code once on return, then clears it from the address', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(200, { status: 200, message: 'Discord account linked', payload: link(true) })
        : jsonResponse(200, { status: 200, message: 'Discord link', payload: link(false) }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = renderWithProviders(<DiscordCard />, {
      path: '/my-profile?code=the-code&state=the-state&tab=x',
      strict: true,
    });
    expect(await screen.findByText('proxyfan#0001')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]![0]).toBe('/api/v1/public/discord/code');
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ code: 'the-code', state: 'the-state' });
  });
});
