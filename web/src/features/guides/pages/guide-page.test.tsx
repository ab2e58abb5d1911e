import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_GUIDE_SLUG, GUIDES, guidePath } from '@tollgate/contract/general/guides';
import { paths } from '#lib/paths.ts';
import { storage } from '#lib/storage.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import GuidePage, { loader } from './guide-page.tsx';

/** A phrase only that guide's own content says: each route must render its own guide, not a shared page. */
const OWN_CONTENT: Record<string, string> = {
  'tollgate-extension': 'Pin it',
  'switchy-omega-proxy': 'Proxy Authentication',
  'foxy-proxy': 'Proxy by Patterns',
  bitbrowser: 'Batch Import',
  dicloak: 'Saved proxy',
  dolphin: 'Change IP URL',
  adspower: 'IP checker',
  android: 'Advanced options',
  iphone: 'Configure Proxy',
  'extend-my-plan': 'What to buy',
  'sticky-proxies': 'Session lifetime (minutes)',
  'country-settings': 'Save as default',
  'renew-auto-plan': 'Days per renewal',
  subusers: 'x-api-key',
  'create-api-link': '/api/v1/public/generator/',
  'integration-codes': 'Go (net/http)',
  'proxy-checker': '407 Proxy Authentication Required',
};

function open(path: string) {
  const router = createMemoryRouter(
    [{ path: paths.guide, loader, Component: GuidePage, HydrateFallback: () => null }],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/guide/{slug}', () => {
  it('has the 17 guides of the spec, /guide landing on the extension guide', () => {
    expect(GUIDES).toHaveLength(17);
    expect(Object.keys(OWN_CONTENT).sort()).toEqual(GUIDES.map((guide) => guide.slug).sort());
    expect(paths.extensionGuide).toBe(guidePath(EXTENSION_GUIDE_SLUG));
  });

  it.each(GUIDES.map((guide) => [guide.slug, guide.title]))('renders %s with its own content', async (slug, title) => {
    const { container } = open(guidePath(slug));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`guide-${slug}`)).toBeInTheDocument();
    expect(container.textContent).toContain(OWN_CONTENT[slug]);
    // Every other guide is one click away, the open one marked.
    const nav = screen.getByRole('navigation', { name: 'Setup guides' });
    expect(nav.querySelectorAll('a')).toHaveLength(17);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe(title);
  });

  it('shows placeholders and a sign-in link to a visitor', async () => {
    open('/guide/foxy-proxy');
    const panel = await screen.findByTestId('proxy-values');
    expect(panel).toHaveTextContent('Sign in to see your values');
    expect(panel).toHaveTextContent('HOST');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fguide%2Ffoxy-proxy');
  });

  it("fills in a signed-in reader's own values from the plan they came from, the password only on request", async () => {
    storage.setToken('token');
    const plan = (id: string, name: string) => ({
      id,
      planTitle: name,
      label: null,
      status: 'active',
      depleted: false,
      proxyUsername: `tg${id}`,
    });
    const fetch = fakeApi({
      'GET /api/v1/public/dashboard': {
        encoded: true,
        payload: { subscriptions: [plan('first', 'Residential'), plan('second', 'Mobile')] },
      },
      'GET /api/v1/public/generator/second': {
        encoded: true,
        payload: {
          host: 'gw.example.net',
          ports: { http: 8000, socks5: 1080 },
          username: 'tgsecond',
          password: 's3cret',
        },
      },
    });
    open('/guide/integration-codes?plan=second');
    const panel = await screen.findByTestId('proxy-values');
    await waitFor(() => expect(panel).toHaveTextContent('From your plan “Mobile”'));
    expect(panel).toHaveTextContent('gw.example.net');
    expect(panel).toHaveTextContent('tgsecond');
    expect(panel).not.toHaveTextContent('s3cret');
    expect(screen.getAllByLabelText('curl sample')[0]!.textContent).toContain("--proxy-user 'tgsecond:PASSWORD'");
    screen.getByRole('button', { name: 'Show password' }).click();
    await waitFor(() =>
      expect(screen.getAllByLabelText('curl sample')[0]!.textContent).toContain("--proxy-user 'tgsecond:s3cret'"),
    );
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/generator/first'))).toBe(false);
  });

  it('answers an unknown slug with a way back to the guides', async () => {
    open('/guide/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide not found' })).toBeInTheDocument();
  });
});
