// Makes sure the Debian Chromium the e2e suite runs on exists: installs it when possible, and
// otherwise fails loudly. The suite is never skipped for a missing browser (DESIGN §8).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './accounts.mjs';

if (!existsSync(CHROMIUM_PATH) && process.getuid?.() === 0) {
  console.log(`Chromium not found at ${CHROMIUM_PATH}; installing it with apt-get…`);
  spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], { stdio: 'inherit' });
}

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    [
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `!!  e2e: Chromium is missing at ${CHROMIUM_PATH}.`,
      '!!  Install it (as root: apt-get install -y chromium) or point',
      '!!  CHROMIUM_PATH at a Chromium binary. The e2e suite did NOT run.',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
