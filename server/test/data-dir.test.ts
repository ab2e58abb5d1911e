import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startShop } from './processes';

// The embedded database belongs to one process. A CLI command while the shop runs goes through the
// shop; a second shop on the same DATA_DIR refuses; a shop killed with -9 frees it; backups are
// taken while it runs and restored while it does not.

const run = promisify(execFile);
const serverDir = path.join(import.meta.dirname, '..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-datadir-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const shopEnv = (dataDir: string) => ({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  GATEWAY_ENABLED: 'false',
  JOBS_ENABLED: 'false',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});

async function cli(dataDir: string, ...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, ...shopEnv(dataDir) };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const signIn = (url: string, login: string, password: string) =>
  fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  }).then((res) => res.status);

describe('the embedded database belongs to one process', () => {
  it(
    'runs CLI commands through the running shop, refuses a second shop, and survives kill -9; backup and restore',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir();
      const shop = await startShop(shopEnv(dataDir));

      const created = await cli(
        dataDir,
        'create-account',
        '--role',
        'Support',
        '--email',
        'desk@example.test',
        '--username',
        'desk',
        '--password',
        'Desk-password-2026',
      );
      expect(created.code).toBe(0);
      expect(created.output).toContain('Created Support desk <desk@example.test>');
      expect(created.output).toContain(`run by the shop that is using ${dataDir}`);
      // The running shop sees the account at once: it made it.
      expect(await signIn(shop.url, 'desk', 'Desk-password-2026')).toBe(200);
      const refused = await cli(
        dataDir,
        'create-account',
        '--role',
        'Nobody',
        '--email',
        'x@example.test',
        '--username',
        'x',
        '--password',
        'Desk-password-2026',
      );
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('--role must be one of');

      const second = await startShop(shopEnv(dataDir)).catch((error: Error) => error);
      expect(second).toBeInstanceOf(Error);
      expect(String(second)).toContain(`Another Tollgate process is using the embedded database in ${dataDir}`);

      const backupFile = path.join(tempDir(), 'shop.tar.gz');
      const backup = await cli(dataDir, 'backup', backupFile);
      expect(backup.code).toBe(0);
      expect(existsSync(backupFile)).toBe(true);
      const whileRunning = await cli(tempDir(), 'restore', backupFile);
      expect(whileRunning.code).toBe(0);
      expect((await cli(dataDir, 'restore', backupFile)).output).toContain('The shop is running');

      // Killed without a chance to clean up: the next start takes DATA_DIR over.
      shop.child.kill('SIGKILL');
      await shop.exited;
      const restarted = await startShop(shopEnv(dataDir));
      expect(await signIn(restarted.url, 'desk', 'Desk-password-2026')).toBe(200);
      expect(await restarted.stop()).toBe(0);

      // A backup restored into a fresh directory starts with the data; over data it needs --force.
      const fresh = tempDir();
      expect((await cli(fresh, 'restore', backupFile)).code).toBe(0);
      const again = await cli(fresh, 'restore', backupFile);
      expect(again.code).toBe(1);
      expect(again.output).toContain('--force');
      expect((await cli(fresh, 'restore', backupFile, '--force')).code).toBe(0);
      const restored = await startShop(shopEnv(fresh));
      expect(await signIn(restored.url, 'desk', 'Desk-password-2026')).toBe(200);
      expect(await restored.stop()).toBe(0);
    },
  );
});
