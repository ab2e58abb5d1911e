import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** What a CLI command sends to the shop that holds DATA_DIR, and what comes back. */
export interface ShopRequest {
  command: string;
  args: string[];
}
export interface ShopAnswer {
  ok: boolean;
  output: string;
}
export type ShopHandler = (request: ShopRequest) => Promise<ShopAnswer>;

export class DataDirInUse extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Tollgate process is using the embedded database in ${dataDir}. Stop it first (or point DATA_DIR elsewhere).`,
    );
  }
}

const socketPath = (dataDir: string) => path.join(dataDir, 'tollgate.sock');

/**
 * Asks the process holding DATA_DIR to run a command; null when no process holds it. The socket
 * only answers while its owner lives, so a shop killed with -9 leaves nothing that counts.
 */
export function askDataDirOwner(dataDir: string, request: ShopRequest): Promise<ShopAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath(dataDir));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.end(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as ShopAnswer);
      } catch {
        reject(new Error('The running shop gave no answer.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/**
 * Takes DATA_DIR for this process: a unix socket in it that only this process answers (owner-only
 * permissions). Binding is atomic, so of two processes starting at once one fails; a socket file
 * left by a process that died is recognised by nobody answering, and replaced. PGlite must never be
 * opened by two processes: the second corrupts what the first writes (ADR 014).
 */
export async function holdDataDir(dataDir: string) {
  const file = socketPath(dataDir);
  let handler: ShopHandler = async () => ({ ok: false, output: 'The shop is still starting; try again.' });
  // Half-open: the CLI ends its side once the request is sent and reads the answer after.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 65_536) socket.destroy();
    });
    socket.on('end', () => {
      let request: ShopRequest;
      try {
        request = JSON.parse(text) as ShopRequest;
      } catch {
        return void socket.end(JSON.stringify({ ok: false, output: 'Malformed request.' }));
      }
      handler(request)
        .catch((error: unknown) => ({ ok: false, output: error instanceof Error ? error.message : String(error) }))
        .then((answer) => socket.end(JSON.stringify(answer)));
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await askDataDirOwner(dataDir, { command: 'ping', args: [] })) throw new DataDirInUse(dataDir);
    // Left by a process that is gone.
    rmSync(file, { force: true });
    await listen();
  }
  chmodSync(file, 0o600);
  return {
    /** From now on commands sent by the CLI run here. */
    serve(next: ShopHandler) {
      handler = next;
    },
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
export type DataDirLock = Awaited<ReturnType<typeof holdDataDir>>;
