import { describe, expect, it } from 'vitest';
import { legalDocument } from '@tollgate/contract/general/legal';
import { catalogue, catalogueQuote } from '@tollgate/contract/plans/catalogue';
import { catalogueQuoteRoute, catalogueRoute } from './get-catalogue.ts';
import { legalRoute } from './get-legal.ts';

describe('schema-free handles of the public pages', () => {
  it.each([
    ['catalogue', catalogueRoute, catalogue],
    ['catalogue quote', catalogueQuoteRoute, catalogueQuote],
    ['legal document', legalRoute, legalDocument],
  ] as const)('%s matches the contract endpoint it stands in for', (_, handle, endpoint) => {
    expect(handle).toEqual({ method: endpoint.method, path: endpoint.path, roles: endpoint.roles });
    expect(endpoint.encoded).toBeFalsy();
  });
});
