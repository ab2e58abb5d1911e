import { describe, expect, it } from 'vitest';
import { customerMayCall } from './access/roles';
import { customerDocument, POSTMAN_SCHEMA, postmanCollection, type OpenApiJson } from './api-downloads';
import { endpoints } from './endpoints';
import { buildOpenApi } from './openapi';

const doc = JSON.parse(JSON.stringify(buildOpenApi(endpoints, { version: 'test' }))) as OpenApiJson;
type Item = {
  name: string;
  request: { method: string; header: Array<{ key: string; value: string }>; url: any; body?: { raw: string } };
};

describe('the API documentation downloads', () => {
  it('keeps only the calls a customer or reseller may make in the customers’ OpenAPI', () => {
    const mine = customerDocument(doc);
    const operations = Object.values(mine.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(endpoints.filter((e) => customerMayCall(e.roles)).length);
    expect(mine.paths['/api/v1/admin/reseller']).toBeUndefined();
    expect(mine.components).toEqual(doc.components);
  });

  it('makes a Postman v2.1 collection with both credentials, a fresh Idempotency-Key and path variables', () => {
    const collection = postmanCollection(customerDocument(doc), 'https://shop.example');
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA);
    expect(collection.variable).toContainEqual({ key: 'baseUrl', value: 'https://shop.example' });
    const items = collection.item.flatMap((folder) => folder.item as Item[]);
    expect(items).toHaveLength(endpoints.filter((e) => customerMayCall(e.roles)).length);
    const sale = items.find((i) => i.name === 'resellerSellSubUserPlan')!;
    expect(sale.request.method).toBe('POST');
    expect(sale.request.header).toEqual(
      expect.arrayContaining([
        { key: 'x-api-key', value: '{{apiKey}}' },
        { key: 'Authorization', value: 'Bearer {{token}}' },
        { key: 'Idempotency-Key', value: '{{$guid}}' },
      ]),
    );
    expect(sale.request.url).toMatchObject({
      raw: '{{baseUrl}}/api/v1/reseller/sub-users/:id/plans',
      variable: [{ key: 'id', value: '' }],
    });
    expect(JSON.parse(sale.request.body!.raw)).toEqual({ region: '', days: 0 });
    const info = items.find((i) => i.name === 'customerProxyInfo')!;
    expect(info.request.header).toEqual([{ key: 'x-api-key', value: '{{apiKey}}' }]);
    const login = items.find((i) => i.name === 'login')!;
    expect(login.request.header).toEqual([{ key: 'content-type', value: 'application/json' }]);
  });
});
