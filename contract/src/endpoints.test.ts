import { describe, expect, it } from 'vitest';
import { customerMayCall } from './access/roles';
import { INSUFFICIENT_BALANCE } from './checkout/purchase';
import { fillPath } from './endpoint';
import { endpoints } from './endpoints';
import { MESSAGES } from './http/messages';
import { buildOpenApi } from './openapi';
import { API_KEY_INVALID, API_KEY_MISSING, API_KEY_READ_ONLY } from './profile/api-keys';
import {
  BEARER_INVALID,
  BEARER_MISMATCH,
  BEARER_MISSING,
  IDEMPOTENCY_REUSED,
  PRODUCT_NOT_OFFERED,
} from './reseller/reseller-api';

type Schema = { properties: { message: { enum: string[] } } };
type Response = {
  content: { 'application/json': { schema: Schema; examples?: Record<string, { value: { message: string } }> } };
};
type Op = { responses: Record<string, Response> };
const messagesOf = (response: Response) => response.content['application/json'].schema.properties.message.enum;

describe('endpoint table', () => {
  it('declares roles, a message and a /api/v1 path for every endpoint, each path+method once', () => {
    const seen = new Set<string>();
    for (const e of endpoints) {
      expect(e.roles.length, `${e.method} ${e.path}`).toBeGreaterThan(0);
      expect(e.message.length).toBeGreaterThan(0);
      expect(e.path.startsWith('/api/v1/')).toBe(true);
      const key = `${e.method} ${e.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('generates OpenAPI 3.1 with every endpoint and its roles', () => {
    const doc = buildOpenApi(endpoints, { version: 'test' });
    expect(doc.openapi).toBe('3.1.0');
    for (const e of endpoints) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()] as Record<string, unknown>;
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op['x-roles']).toEqual([...e.roles]);
      expect(op['x-success-message']).toBe(e.message);
    }
  });

  it('declares x-api-key beside the bearer token on exactly the 26 calls whose row says the server checks both', () => {
    const doc = buildOpenApi(endpoints, { version: 'test' });
    const both = endpoints.filter((e) => e.apiKey);
    expect(both).toHaveLength(26);
    for (const e of endpoints) {
      const op = doc.paths[e.path]![e.method.toLowerCase()] as { security: unknown };
      const name = `${e.method} ${e.path}`;
      if (e.apiKey) {
        expect(e.path.startsWith('/api/v1/reseller/'), name).toBe(true);
        expect(op.security, name).toEqual([{ bearerAuth: [], resellerApiKey: [] }]);
      } else expect(JSON.stringify(op.security), name).not.toContain('resellerApiKey');
    }
    expect(doc.components.securitySchemes.resellerApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    // The one call a router makes with one URL takes the key in the query as an alternative.
    expect(doc.paths['/api/v1/customer/proxy-whitelist']!.get).toMatchObject({
      security: [{ customerApiKey: [] }, { customerApiKeyInQuery: [] }],
    });
  });

  it('tells reseller API clients the Idempotency-Key of charging calls, each refusal by exact message, and Retry-After', () => {
    const doc = buildOpenApi(endpoints, { version: 'test' });
    const reseller = endpoints.filter((e) => e.path.startsWith('/api/v1/reseller/'));
    for (const e of reseller) {
      const op = doc.paths[e.path]![e.method.toLowerCase()] as {
        parameters: Array<{ name: string; in: string; required: boolean }>;
        responses: Record<string, { content: { 'application/json': { schema: Schema } }; headers?: object }>;
      };
      const name = `${e.method} ${e.path}`;
      const header = op.parameters.find((p) => p.name === 'Idempotency-Key');
      expect(Boolean(header), name).toBe(Boolean(e.idempotent));
      if (header) expect(header).toMatchObject({ in: 'header', required: e.idempotent === 'required' });
      expect(messagesOf(op.responses['401']!), name).toEqual([
        API_KEY_MISSING,
        API_KEY_INVALID,
        BEARER_MISSING,
        BEARER_INVALID,
        BEARER_MISMATCH,
        MESSAGES.jwtExpired,
        MESSAGES.sessionRevoked,
      ]);
      expect(op.responses['429']!.headers, name).toHaveProperty('Retry-After');
      if (e.idempotent) expect(messagesOf(op.responses['422']!)).toEqual([IDEMPOTENCY_REUSED]);
    }
    // The spec's sub-user sale has no Idempotency-Key: optional there, and the summary says what a retry risks.
    const sale = doc.paths['/api/v1/reseller/sub-users/{id}/plans']!.post as { parameters: Array<{ name: string }> };
    expect(sale.parameters.find((p) => p.name === 'Idempotency-Key')).toMatchObject({ required: false });
    expect(messagesOf((sale as never as Op).responses['400']!)).toEqual([
      MESSAGES.validation,
      PRODUCT_NOT_OFFERED,
      INSUFFICIENT_BALANCE,
    ]);
    expect(messagesOf((sale as never as Op).responses['403']!)).toEqual([MESSAGES.forbidden, API_KEY_READ_ONLY]);
  });

  it('documents every refusal of every call with an exact message, and a session call’s token refusals', () => {
    const doc = buildOpenApi(endpoints, { version: 'test' });
    for (const e of endpoints) {
      const op = doc.paths[e.path]![e.method.toLowerCase()] as Op;
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '200') continue;
        const messages = messagesOf(response);
        expect(messages.length, `${status} of ${e.method} ${e.path}`).toBeGreaterThan(0);
        const examples = Object.values(response.content['application/json'].examples!);
        expect(examples.map((x) => x.value.message)).toEqual(expect.arrayContaining(messages));
      }
    }
    const me = doc.paths['/api/v1/auth/me']!.get as Op;
    expect(messagesOf(me.responses['401']!)).toEqual([MESSAGES.jwtExpired, MESSAGES.sessionRevoked]);
    expect(messagesOf(me.responses['403']!)).toEqual([MESSAGES.unauthorized]);
    const staff = doc.paths['/api/v1/admin/reseller']!.post as Op;
    expect(messagesOf(staff.responses['403']!)).toEqual([MESSAGES.unauthorized, MESSAGES.forbidden]);
  });

  it('shows customers the calls open to anyone, customers or resellers, never a staff-only one', () => {
    expect(customerMayCall(['User', 'Support', 'Manager', 'Administrator'])).toBe(true);
    expect(customerMayCall(['Reseller'])).toBe(true);
    expect(customerMayCall(['anonymous'])).toBe(true);
    expect(customerMayCall(['Administrator'])).toBe(false);
    expect(customerMayCall(['Support', 'Manager', 'Administrator'])).toBe(false);
  });

  it('fills path parameters and refuses to build a path with one missing', () => {
    expect(fillPath('/api/v1/x/{id}/y/{name}', { id: 7, name: 'a b' })).toBe('/api/v1/x/7/y/a%20b');
    expect(() => fillPath('/api/v1/x/{id}', {})).toThrow(/Missing path parameter id/);
  });
});
