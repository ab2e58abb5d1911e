import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@tollgate/contract/access/roles';
import type { Config } from '#platform/config/env.ts';
import type { Database } from '#platform/db/client.ts';
import { accountsService } from '#modules/auth/accounts.service.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { scheduledJobs } from './compose';
import { systemRepository } from '#modules/system/system.repository.ts';
import { seedDemoData } from './seed/demo-data';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-account --role <${ROLES.join('|')}> --email <email> --username <name> --password <password> [--reseller]
      Creates a verified account (staff accounts included).
  migrate
      Applies pending database migrations.
  seed
      Creates the demo data if the database has none (refused in production).
  jobs run [name]
      Runs the scheduled jobs once now (all, or the one named), e.g. after downtime.
  backup <file>
      Embedded database only: writes a consistent copy of it to <file> (a .tar.gz), also while the shop runs.
  restore <file> [--force]
      Embedded database only, with the shop stopped: puts a backup in place of DATA_DIR's database
      (--force to replace one that has data).
`;

export class UsageError extends Error {}

async function createAccount(database: Database, args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      reseller: { type: 'boolean', default: false },
    },
  });
  const missing = (['role', 'email', 'username', 'password'] as const).filter((k) => !values[k]);
  if (missing.length) throw new UsageError(`Missing ${missing.map((m) => `--${m}`).join(', ')}`);
  if (!ROLES.includes(values.role as Role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  const account = await accountsService.create(database.db, {
    role: values.role as Role,
    email: values.email!,
    username: values.username!,
    password: values.password!,
    reseller: values.reseller ?? false,
    emailVerified: true,
  });
  return `Created ${account.role}${account.reseller ? ' (reseller)' : ''} ${account.username} <${account.email}> id ${account.id}`;
}

/**
 * The commands that work on an open database, the same whether the CLI opened it or the running
 * shop runs them for the CLI (the embedded database belongs to one process). Answers what to print.
 */
export async function runCommand(config: Config, database: Database, command: string, args: string[]) {
  switch (command) {
    case 'create-account':
      return createAccount(database, args);
    case 'migrate':
      return 'Migrations applied.';
    case 'seed': {
      if (config.isProduction) throw new UsageError('Demo data is never seeded in production.');
      const { seeded } = await seedDemoData(database.db);
      return seeded ? 'Demo data created.' : 'The database already has data; nothing seeded.';
    }
    case 'jobs': {
      if (args[0] !== 'run') throw new UsageError('Use: jobs run [name]');
      const mailer = createMailer({ mailUrl: config.MAIL_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR });
      const jobs = scheduledJobs(config, database.db, mailer).filter((job) => !args[1] || job.name === args[1]);
      if (!jobs.length) throw new UsageError(`Unknown job ${args[1]}`);
      const lines = [];
      for (const job of jobs) lines.push(`${job.name}: ${JSON.stringify(await job.run(new Date()))}`);
      return lines.join('\n');
    }
    case 'backup': {
      if (!database.dump) throw new UsageError('backup is for the embedded database; use pg_dump with PostgreSQL.');
      if (!args[0]) throw new UsageError('Use: backup <file>');
      const file = path.resolve(args[0]);
      const bytes = Buffer.from(await (await database.dump()).arrayBuffer());
      await writeFile(file, bytes, { mode: 0o600 });
      // The system page says how old the last backup is.
      await systemRepository.recordBackup(database.db, bytes.length);
      return `Backup written to ${file}`;
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
  }
}
