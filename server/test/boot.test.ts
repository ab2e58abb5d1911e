import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runEntry } from './processes';

const serverDir = path.join(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the real entry point; `serving` resolves with its URL once it serves, or null if it exits. */
function boot(env: Record<string, string>) {
  const run = runEntry('src/main.ts', { PORT: '0', HOST: '127.0.0.1', ...env }, /serving on (http:\/\/\S+)/);
  return { ...run, serving: run.ready.then((match) => match?.[1] ?? null) };
}

describe('starting the server', () => {
  it('refuses to start in production without its secrets, listing every missing one', async () => {
    const run = boot({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('DATABASE_URL: is required when NODE_ENV=production');
    expect(run.output()).toContain('JWT_SECRET: is required when NODE_ENV=production');
    expect(run.output()).toContain('PUBLIC_URL: is required when NODE_ENV=production');
    expect(run.output()).toContain('MAIL_URL: is required when NODE_ENV=production');
  });

  it(
    'seeds demo data on the first start only, serves the landing data and stops cleanly on SIGTERM',
    { timeout: 90_000 },
    async () => {
      const first = boot({ NODE_ENV: 'development', DATA_DIR: dataDir });
      const url = await first.serving;
      expect(url).not.toBeNull();
      expect(first.output()).toContain('admin@tollgate.local');
      const landing = await (await fetch(`${url}/api/v1/landing`)).json();
      expect(landing.payload.SocialLinks.value.map((l: { social: string }) => l.social)).toEqual([
        'Discord',
        'Telegram',
        'Instagram',
        'Twitter',
        'Facebook',
      ]);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = boot({ NODE_ENV: 'development', DATA_DIR: dataDir });
      expect(await second.serving).not.toBeNull();
      expect(second.output()).not.toContain('Demo data created');
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
  );
});

describe('starting a gateway node', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'says the shop must migrate a database that has no Tollgate tables yet',
    { timeout: 60_000 },
    async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = `tollgate_empty_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${name}`;
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/gateway-main.ts'], {
          cwd: serverDir,
          env: { ...process.env, DATABASE_URL: url.toString(), GATEWAY_HTTP_PORT: '0', GATEWAY_SOCKS_PORT: '0' },
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? signal)));
        expect(code).toBe(1);
        expect(output).toContain('The database at DATABASE_URL has no Tollgate tables yet');
        expect(output).not.toContain('DrizzleQueryError');
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
