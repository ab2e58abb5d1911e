import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '#platform/config/env.ts';
import { openDatabase } from '#platform/db/client.ts';

const run = promisify(execFile);
const serverDir = path.join(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: serverDir, env });
}

describe('npm run cli -- create-account', () => {
  it('creates a verified staff account that can then sign in', { timeout: 60_000 }, async () => {
    const { stdout } = await cli(
      'create-account',
      '--role',
      'Manager',
      '--email',
      'Ops@Example.test',
      '--username',
      'ops',
      '--password',
      'Correct-horse-9',
    );
    expect(stdout).toMatch(/Created Manager ops <ops@example.test>/);
    // The CLI has exited; open the same embedded database and sign in through the real login call.
    const database = await openDatabase({ dataDir });
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), database);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { login: 'ops', password: 'Correct-horse-9' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.user).toMatchObject({
        role: 'Manager',
        emailVerified: true,
        email: 'ops@example.test',
      });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it(
    'refuses an unknown role or a short password with a clear message and creates nothing',
    { timeout: 60_000 },
    async () => {
      await expect(
        cli(
          'create-account',
          '--role',
          'Boss',
          '--email',
          'a@b.test',
          '--username',
          'boss',
          '--password',
          'Correct-horse-9',
        ),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('--role must be one of User, Administrator, Manager, Support'),
      });
      await expect(
        cli('create-account', '--role', 'User', '--email', 'a@b.test', '--username', 'shorty', '--password', 'short'),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('password: Password must be at least 8 characters'),
      });
      await expect(
        cli(
          'create-account',
          '--role',
          'User',
          '--email',
          'ops@example.test',
          '--username',
          'ops2',
          '--password',
          'Correct-horse-9',
        ),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('Email is already registered'),
      });
    },
  );
});
