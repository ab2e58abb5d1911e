import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { customerMayCall } from '@tollgate/contract/access/roles';
import { endpoints } from '@tollgate/contract/endpoints';
import { buildOpenApi } from '@tollgate/contract/openapi';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import ApiDocsPage from './api-docs-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// Issue 33 item 4: /api-docs is the customers' documentation, read from the OpenAPI the server serves
// (built here from the same contract): staff-only calls are not listed, nor staff roles on a card.
describe('the /api-docs page', () => {
  // About 150 cards: a few seconds on a busy machine.
  it('lists only the calls a customer or reseller may make', { timeout: 20_000 }, async () => {
    const doc = buildOpenApi(endpoints, { version: 'test' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, doc)),
    );
    renderWithProviders(<ApiDocsPage />);
    const sections = await screen.findByRole('navigation', { name: 'API sections' });
    const tags = within(sections)
      .getAllByRole('link')
      .map((link) => link.firstChild?.textContent?.trim());
    expect(tags).toEqual(expect.arrayContaining(['Auth', 'Customer API', 'Reseller API', 'Tickets']));
    expect(tags.filter((tag) => tag?.startsWith('Admin') || tag === 'Support')).toEqual([]);
    const listed = document.querySelectorAll('article').length;
    expect(listed).toBe(endpoints.filter((e) => customerMayCall(e.roles)).length);
    expect(screen.queryByText('Administrator')).toBeNull();
    expect(screen.queryByText('/api/v1/admin/reseller')).toBeNull();
  });
});
