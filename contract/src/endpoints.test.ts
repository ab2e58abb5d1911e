import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint';
import { endpoints } from './endpoints';
import { buildOpenApi } from './openapi';

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

  it('tells reseller API clients both credentials, the Idempotency-Key of charging calls and Retry-After', () => {
    const doc = buildOpenApi(endpoints, { version: 'test' });
    const reseller = endpoints.filter((e) => e.path.startsWith('/api/v1/reseller/'));
    expect(reseller.length).toBeGreaterThan(20);
    for (const e of reseller) {
      const op = doc.paths[e.path]![e.method.toLowerCase()] as {
        security: unknown;
        parameters: Array<{ name: string; in: string; required: boolean }>;
        responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
      };
      const name = `${e.method} ${e.path}`;
      expect(op.security, name).toEqual([{ bearer: [], apiKey: [] }]);
      const header = op.parameters.find((p) => p.name === 'Idempotency-Key');
      expect(Boolean(header), name).toBe(Boolean(e.idempotent));
      if (header) expect(header).toMatchObject({ in: 'header', required: true });
      expect(op.responses['401']!.description, name).toMatch(/bearer token/);
      expect(op.responses['429']!.headers, name).toHaveProperty('Retry-After');
    }
  });

  it('fills path parameters and refuses to build a path with one missing', () => {
    expect(fillPath('/api/v1/x/{id}/y/{name}', { id: 7, name: 'a b' })).toBe('/api/v1/x/7/y/a%20b');
    expect(() => fillPath('/api/v1/x/{id}', {})).toThrow(/Missing path parameter id/);
  });
});
