// The other processes of the gateway bench: nginx as the origin, squid and dante as the proxies
// Tollgate is held against, and Tollgate's gateway itself. Each runs in the foreground with its
// own config in the run's temp dir, on a free loopback port, and is stopped when the bench ends,
// also when it fails.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

export interface Daemon {
  name: string;
  child: ChildProcess;
  /** Where its output goes, shown when it fails to start. */
  log: string;
}

const running = new Set<Daemon>();
const cleanups: (() => void)[] = [];

/** Raises the soft open-files limit to the hard one (65,536 when allowed), then execs the command. */
export const WITH_FILE_LIMIT = 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"';

const REQUIRED = [
  { binary: '/usr/sbin/nginx', packages: ['nginx-light', 'nginx'] },
  { binary: '/usr/sbin/squid', packages: ['squid'] },
  { binary: '/usr/sbin/danted', packages: ['dante-server'] },
];

/** Installs nginx, squid and dante-server from Debian's packages when they are not there yet. */
export function installMissingDaemons() {
  const missing = REQUIRED.filter((r) => !existsSync(r.binary));
  if (missing.length === 0) return;
  const names = missing.map((m) => m.packages[0]).join(' ');
  if (process.getuid?.() !== 0) throw new Error(`the gateway bench needs ${names}: apt-get install -y ${names}`);
  console.log(`Installing ${names} with apt-get (first run only)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  for (const { binary, packages } of missing) {
    // nginx-light is the small build on Debian 12; later releases ship only `nginx`.
    for (const name of packages) {
      try {
        execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], {
          stdio: ['ignore', 'ignore', 'inherit'],
          env,
        });
        break;
      } catch {
        continue;
      }
    }
    if (!existsSync(binary)) throw new Error(`apt-get did not install ${binary}`);
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(name: string, dir: string, command: string, args: string[], { pipe = false, cwd = dir } = {}): Daemon {
  const log = path.join(dir, `${name}.out`);
  const out = openSync(log, 'a');
  const child = spawn('bash', ['-c', WITH_FILE_LIMIT, command, ...args], {
    cwd,
    stdio: [pipe ? 'pipe' : 'ignore', pipe ? 'pipe' : out, out],
  });
  closeSync(out);
  const daemon = { name, child, log };
  running.add(daemon);
  child.once('exit', () => running.delete(daemon));
  return daemon;
}

function tail(file: string) {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '';
}

/** Resolves once the port accepts connections; fails if the daemon exits or 15 s pass first. */
export async function waitForPort(daemon: Daemon, port: number, extraLog?: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (daemon.child.exitCode !== null || daemon.child.signalCode !== null)
      throw new Error(`${daemon.name} exited while starting:\n${tail(daemon.log)}\n${extraLog ? tail(extraLog) : ''}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${daemon.name} did not listen on ${port} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface Origin {
  port: number;
  /** Size of the large file in bytes. */
  bigBytes: number;
}

/** nginx with sendfile serving /big (the download) and /tiny (for connection setup). */
export async function startNginx(dir: string, bigBytes: number): Promise<Origin> {
  const port = await freePort();
  const root = path.join(dir, 'www');
  mkdirSync(root);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, 'nginx-temp', sub), { recursive: true });
  // Written once in full (not sparse), so the origin reads real pages from the page cache.
  const big = openSync(path.join(root, 'big'), 'w');
  const chunk = Buffer.alloc(8 << 20);
  for (let written = 0; written < bigBytes; written += chunk.length)
    writeFileSync(big, chunk.subarray(0, Math.min(chunk.length, bigBytes - written)));
  closeSync(big);
  writeFileSync(path.join(root, 'tiny'), 'ok\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
user root;
worker_processes 1;
worker_rlimit_nofile 65536;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 16384; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_body_temp_path ${dir}/nginx-temp/body;
  proxy_temp_path ${dir}/nginx-temp/proxy;
  fastcgi_temp_path ${dir}/nginx-temp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-temp/uwsgi;
  scgi_temp_path ${dir}/nginx-temp/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const daemon = start('nginx', dir, '/usr/sbin/nginx', ['-p', dir, '-c', conf, '-e', `${dir}/nginx-error.log`]);
  await waitForPort(daemon, port, `${dir}/nginx-error.log`);
  return { port, bigBytes };
}

/** squid forwarding and tunnelling for loopback clients, caching and logging nothing. */
export async function startSquid(dir: string): Promise<{ port: number; pid: number }> {
  const port = await freePort();
  const home = path.join(dir, 'squid');
  mkdirSync(home);
  // squid refuses to run as root and drops to its own user, which must be able to write here.
  const uid = Number(execFileSync('id', ['-u', 'proxy'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'proxy'], { encoding: 'utf8' }).trim());
  chownSync(home, uid, gid);
  // A service name of our own keeps its shared-memory segments apart from any system squid.
  const service = `tollgatebench${process.pid}`;
  cleanups.push(() => {
    for (const file of readdirSync('/dev/shm'))
      if (file.startsWith(`${service}-`)) rmSync(path.join('/dev/shm', file), { force: true });
  });
  const conf = path.join(dir, 'squid.conf');
  writeFileSync(
    conf,
    `http_port 127.0.0.1:${port}
# Loopback only, and everything allowed: no ACLs or authentication to pay for.
http_access allow all
cache deny all
cache_mem 8 MB
digest_generation off
access_log none
cache_store_log none
cache_log ${home}/cache.log
pid_filename ${home}/squid.pid
coredump_dir ${home}
cache_effective_user proxy
pinger_enable off
netdb_filename none
logfile_rotate 0
shutdown_lifetime 0 seconds
`,
  );
  const daemon = start('squid', dir, '/usr/sbin/squid', ['-N', '-n', service, '-f', conf]);
  await waitForPort(daemon, port, `${home}/cache.log`);
  return { port, pid: daemon.child.pid! };
}

/** dante's danted, a SOCKS5 server without authentication for loopback clients. */
export async function startDante(dir: string): Promise<{ port: number; pid: number }> {
  const port = await freePort();
  const conf = path.join(dir, 'danted.conf');
  writeFileSync(
    conf,
    `logoutput: ${dir}/danted.log
internal: 127.0.0.1 port = ${port}
external: 127.0.0.1
socksmethod: none
clientmethod: none
user.privileged: root
user.unprivileged: root
client pass { from: 127.0.0.0/8 to: 0.0.0.0/0 }
socks pass { from: 127.0.0.0/8 to: 0.0.0.0/0 command: connect }
`,
  );
  const daemon = start('danted', dir, '/usr/sbin/danted', ['-f', conf, '-p', `${dir}/danted.pid`]);
  await waitForPort(daemon, port, `${dir}/danted.log`);
  return { port, pid: daemon.child.pid! };
}

export interface GatewayNode {
  pid: number;
  httpPort: number;
  socksPort: number;
  /** Bytes the gateway has counted for the bench subscription so far. */
  metered(): Promise<number>;
  /** Runs a full garbage collection in the gateway process, so RSS readings compare. */
  gc(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The node flags of `npm run gateway` (root package.json), so the bench's gateway process runs as
 * a production gateway node does: its young generation is sized there (ADR 007).
 */
export function productionGatewayFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts.gateway!.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** Tollgate's gateway in a process of its own (gateway-node.ts), talked to over stdin/stdout. */
export async function startGatewayNode(dir: string, credentials: { user: string; password: string }) {
  // stdout carries the protocol: one JSON line when listening, then one per command on stdin.
  const daemon = start(
    'gateway',
    dir,
    process.execPath,
    [
      '--expose-gc',
      ...productionGatewayFlags(),
      // BENCH_GATEWAY_NODE_FLAGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to look inside the gateway.
      ...(process.env.BENCH_GATEWAY_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'gateway-node.ts'),
      JSON.stringify(credentials),
    ],
    { pipe: true, cwd: import.meta.dirname },
  );
  const { child, log } = daemon;
  const lines = readline.createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`the gateway process exited (${code ?? signal}):\n${tail(log)}`)),
    ),
  );
  exited.catch(() => {});
  // Only JSON lines are answers: V8's --trace-* flags in BENCH_GATEWAY_NODE_FLAGS print to stdout too.
  lines.on('line', (line) => (line.startsWith('{') ? waiting.shift()?.(line) : process.stderr.write(`${line}\n`)));
  const next = () => Promise.race([new Promise<string>((resolve) => waiting.push(resolve)), exited]);
  const ask = async (command: string) => {
    const answer = next();
    child.stdin!.write(`${command}\n`);
    return JSON.parse(await answer) as Record<string, number>;
  };
  const ready = JSON.parse(await next()) as { pid: number; httpPort: number; socksPort: number };
  return {
    ...ready,
    metered: async () => (await ask('metered')).metered!,
    gc: async () => void (await ask('gc')),
    stop: () => stop(daemon),
  } satisfies GatewayNode;
}

/** SIGTERM, then SIGKILL if it has not exited after 8 s. */
async function stop({ child }: Daemon) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
  await exited;
  clearTimeout(timer);
}

/** Stops every daemon still running and removes what they left behind. */
export async function stopDaemons() {
  await Promise.all([...running].map(stop));
  for (const cleanup of cleanups.splice(0)) cleanup();
}

/** Last resort when the bench exits without stopping them: each daemon stops its own workers. */
process.once('exit', () => {
  for (const { child } of running) child.kill('SIGTERM');
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * Memory of a process and all its descendants (dante forks workers per batch of clients), in KiB:
 * RSS summed, and PSS summed, which splits shared pages among the processes sharing them.
 */
export function treeMemoryKb(rootPid: number): { rssKb: number; pssKb: number } {
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(entry)]);
    } catch {
      continue; // exited while we looked
    }
  }
  const total = { rssKb: 0, pssKb: 0 };
  const visit = (pid: number) => {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      total.rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      total.pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      return;
    }
    for (const child of childrenOf.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return total;
}
