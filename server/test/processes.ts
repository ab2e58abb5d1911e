import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverDir = path.join(import.meta.dirname, '..');

export interface Running {
  child: ChildProcess;
  /** Resolves with the first match of `ready` in the output, or null if the process exits first. */
  ready: Promise<RegExpExecArray | null>;
  exited: Promise<number | string | null>;
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | string | null>;
}

/**
 * Runs one of the server's entry points (`src/main.ts`, `src/gateway-main.ts`) as its own process,
 * the way `npm start` and `npm run gateway` do, with only the environment given here on top of a
 * clean one (the test's own DATABASE_URL and REDIS_URL are not passed on unless named).
 */
export function runEntry(entry: string, env: Record<string, string>, ready: RegExp, nodeFlags: string[] = []): Running {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], {
    cwd: serverDir,
    env: { ...base, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  const matched = new Promise<RegExpExecArray | null>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => resolve(null));
  });
  return {
    child,
    ready: matched,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A shop instance (`npm start`); resolves with its URL. */
export async function startShop(env: Record<string, string>) {
  const run = runEntry('src/main.ts', { PORT: '0', HOST: '127.0.0.1', ...env }, /serving on (http:\/\/\S+)/);
  const match = await run.ready;
  if (!match) throw new Error(`the shop did not start:\n${run.output()}`);
  return { ...run, url: match[1]! };
}

/** A gateway node (`npm run gateway`); resolves with its ports. */
export async function startGatewayNode(env: Record<string, string>) {
  const run = runEntry(
    'src/gateway-main.ts',
    { GATEWAY_HOST: '127.0.0.1', GATEWAY_HTTP_PORT: '0', GATEWAY_SOCKS_PORT: '0', ...env },
    /HTTP on port (\d+), SOCKS5 on port (\d+)/,
  );
  const match = await run.ready;
  if (!match) throw new Error(`the gateway node did not start:\n${run.output()}`);
  return { ...run, httpPort: Number(match[1]), socksPort: Number(match[2]) };
}
