import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import NotFoundPage from '#features/site/pages/not-found-page.tsx';
import { HOME_HEAD } from '#lib/head.ts';
import { renderWithProviders } from '../test/render.tsx';
import { routePatterns } from './route-patterns.ts';
import { routes } from './router.tsx';
import { staffRoutes } from './staff-routes.tsx';

describe('routePatterns', () => {
  const patterns = routePatterns(routes, staffRoutes);

  it('lists every page of the router, staff screens included, and no catch-all of the 404 page', () => {
    for (const path of ['/', '/register', '/dashboard', '/blog/:id?', '/guide/:slug', '/reseller/*'])
      expect(patterns).toContain(path);
    for (const path of [
      '/admin/accounts/:userId',
      '/admin/dashboard',
      '/support/trialpage',
      '/adminbill/:subscriptionId',
    ])
      expect(patterns).toContain(path);
    expect(patterns).not.toContain('*');
    expect(patterns).not.toContain('/*');
    expect(patterns).not.toContain('/admin/*');
  });
});

describe('NotFoundPage', () => {
  it('titles the document "Page not found"', async () => {
    renderWithProviders(<NotFoundPage />, { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Tollgate');
    expect(HOME_HEAD.title).not.toContain('not found');
  });
});
