import { defineEndpoint } from '@tollgate/contract/endpoint';
import type { Role } from '@tollgate/contract/access/roles';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoutes, route } from '#platform/http/routes.ts';

const authorize = async () => null;
const endpointAt = (path: `/api/v1/${string}`, roles: Role[] = ['User']) =>
  defineEndpoint({ method: 'GET', path, roles, tag: 't', summary: 's', message: 'm', payload: z.null() });
const start = (endpoints: ReturnType<typeof endpointAt>[], handled: ReturnType<typeof endpointAt>[]) =>
  registerRoutes(Fastify(), {
    endpoints,
    routes: handled.map((endpoint) => route(endpoint, async () => null)),
    authorize,
    validateResponses: false,
  });

describe('route table checks at start-up', () => {
  it('refuses to start when an endpoint declares no roles', () => {
    const open = endpointAt('/api/v1/x', []);
    expect(() => start([open], [open])).toThrow(/GET \/api\/v1\/x declares no roles/);
  });

  it('refuses to start when an endpoint has no handler, or a handler has no endpoint', () => {
    const a = endpointAt('/api/v1/a');
    const b = endpointAt('/api/v1/b');
    expect(() => start([a], [b])).toThrow(
      /GET \/api\/v1\/a has no handler[\s\S]*GET \/api\/v1\/b is not in the contract/,
    );
  });
});
