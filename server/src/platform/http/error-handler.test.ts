import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';

/**
 * The error handler meets the driver's real failures: a pg pool dials stand-ins on loopback that
 * refuse, cut or never answer, as a database that is down, restarting or unreachable does.
 */
let app: FastifyInstance;
const pools: pg.Pool[] = [];
const standIns: net.Server[] = [];
const accepted: net.Socket[] = [];

function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    accepted.push(socket);
    onConnection(socket);
  });
  standIns.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

/** A port nobody listens on. */
async function closedPort() {
  const port = await listen(() => {});
  await new Promise((resolve) => standIns.pop()!.close(resolve));
  return port;
}

function poolAt(port: number, options: pg.PoolConfig = {}) {
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', database: 'none', ...options });
  pool.on('error', () => {});
  pools.push(pool);
  return pool;
}

beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  app.get('/query/:port', async (request) => {
    const { port } = request.params as { port: string };
    await drizzle(poolAt(Number(port))).execute(sql`select 1`);
  });
  // A transaction takes a client from the pool first: its failure arrives unwrapped.
  app.get('/transaction/:port', async (request) => {
    const { port } = request.params as { port: string };
    await drizzle(poolAt(Number(port))).transaction(async (tx) => void (await tx.execute(sql`select 1`)));
  });
  app.get('/pool-timeout/:port', async (request) => {
    const { port } = request.params as { port: string };
    await drizzle(poolAt(Number(port), { connectionTimeoutMillis: 50 })).execute(sql`select 1`);
  });
  app.get('/fetch/:port', async (request) => {
    const { port } = request.params as { port: string };
    await fetch(`http://127.0.0.1:${port}/`);
  });
});
afterEach(async () => void (await Promise.all(pools.splice(0).map((p) => p.end()))));
afterAll(async () => {
  await app.close();
  for (const socket of accepted) socket.destroy();
  await Promise.all(standIns.map((s) => new Promise((resolve) => s.close(resolve))));
});

const unavailable = {
  status: 503,
  message: 'Service Unavailable',
  payload: { error: expect.stringMatching(/database/i), retryAfterSeconds: 5 },
};

async function expect503(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.json()).toEqual(unavailable);
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
}

describe('answers 503 with Retry-After, never 500, when the database cannot be reached', () => {
  it('when the connection is refused, in a query or taking a client for a transaction', async () => {
    const port = await closedPort();
    await expect503(`/query/${port}`);
    await expect503(`/transaction/${port}`);
  });

  it('when the connection is cut', async () => {
    const port = await listen((socket) => socket.destroy());
    await expect503(`/query/${port}`);
    await expect503(`/transaction/${port}`);
  });

  it('when no connection comes in time', async () => {
    const port = await listen(() => {});
    await expect503(`/pool-timeout/${port}`);
  });

  it('but a refused call to another service is still a crash (500), not the database', async () => {
    const port = await closedPort();
    const res = await app.inject({ method: 'GET', url: `/fetch/${port}` });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
