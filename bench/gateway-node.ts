// Tollgate's gateway under load, in its own process so the bench's clients do not take its CPU.
// Prints {"pid","httpPort","socksPort"} as one JSON line once listening, then answers one JSON line
// per command read on stdin: `metered` (bytes counted for the bench subscription) and `gc`.
import readline from 'node:readline';
import { startGateway } from '@tollgate/gateway/gateway';
import { createMemoryStore } from '@tollgate/gateway/memory-store';

const { user, password } = JSON.parse(process.argv[2]!) as { user: string; password: string };
const SUBSCRIPTION_ID = 'bench';

const memory = createMemoryStore({
  subscriptions: [
    {
      subscriptionId: SUBSCRIPTION_ID,
      user,
      password,
      planType: 'datacenter',
      threads: 0,
      remainingBytes: null,
      whitelist: [],
    },
  ],
});
// nginx serves the downloads on loopback, which a gateway refuses unless a node allows it (ADR 010):
// the destination check still runs on every connection, as in production.
const gateway = await startGateway({
  store: memory.store,
  host: '127.0.0.1',
  httpPort: 0,
  socksPort: 0,
  allowedTargets: ['127.0.0.1/32'],
  // The idle test holds thousands of tunnels on one plan from one address: a production node's caps
  // would refuse them, and the bench measures what each tunnel costs.
  maxConnectionsPerPlan: 1_000_000,
  limits: { perIp: 1_000_000 },
});

const answer = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
answer({ pid: process.pid, httpPort: gateway.httpPort, socksPort: gateway.socksPort });

readline.createInterface({ input: process.stdin }).on('line', (command) => {
  if (command === 'metered') answer({ metered: gateway.meteredBytes(SUBSCRIPTION_ID) });
  else if (command === 'gc') {
    globalThis.gc?.();
    answer({ ok: 1 });
  } else answer({ error: `unknown command ${command}` });
});

const stop = () => void gateway.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.stdin.once('end', stop);
