import { describe, expect, it } from 'vitest';
import { RESELLER_PANEL_PATH } from '@tollgate/contract/general/landing';
import { paths } from './paths.ts';

describe('paths', () => {
  it('puts the reseller panel where the server’s default reseller dashboard link points (ADR 044)', () => {
    expect(paths.resellerPanel.root).toBe(RESELLER_PANEL_PATH);
    // Below the public API documentation of /reseller, on a slug none of its pages uses.
    expect(paths.resellerPanel.root.startsWith(`${paths.resellerDocs}/`)).toBe(true);
  });
});
