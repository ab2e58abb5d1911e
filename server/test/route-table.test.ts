import { defineEndpoint } from '@tollgate/contract/endpoint';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoutes, route } from '#platform/http/routes.ts';

const authorize = async () => null;

describe('route table checks at start-up', () => {
  it('refuses to start when an endpoint declares no roles', () => {
    const open = defineEndpoint({
      method: 'GET',
      path: '/api/v1/x',
      roles: [],
      tag: 't',
      summary: 's',
      message: 'm',
      payload: z.null(),
    });
    expect(() =>
      registerRoutes(Fastify(), {
        endpoints: [open],
        routes: [route(open, async () => null)],
        authorize,
        validateResponses: false,
      }),
    ).toThrow(/GET \/api\/v1\/x declares no roles/);
  });

  it('refuses to start when an endpoint has no handler, or a handler has no endpoint', () => {
    const a = defineEndpoint({
      method: 'GET',
      path: '/api/v1/a',
      roles: ['User'],
      tag: 't',
      summary: 's',
      message: 'm',
      payload: z.null(),
    });
    const b = defineEndpoint({
      method: 'GET',
      path: '/api/v1/b',
      roles: ['User'],
      tag: 't',
      summary: 's',
      message: 'm',
      payload: z.null(),
    });
    expect(() =>
      registerRoutes(Fastify(), {
        endpoints: [a],
        routes: [route(b, async () => null)],
        authorize,
        validateResponses: false,
      }),
    ).toThrow(/GET \/api\/v1\/a has no handler[\s\S]*GET \/api\/v1\/b is not in the contract/);
  });
});
