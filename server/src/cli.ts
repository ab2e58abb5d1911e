import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@tollgate/contract/access/roles';
import { loadConfig } from '#platform/config/env.ts';
import { openDatabase, type Database } from '#platform/db/client.ts';
import { migrate } from '#platform/db/migrate.ts';
import { AppError } from '#platform/http/errors.ts';
import { accountsService } from '#modules/accounts/accounts.service.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { scheduledJobs } from './compose';
import { seedDemoData } from './seed/demo-data';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-account --role <${ROLES.join('|')}> --email <email> --username <name> --password <password> [--reseller]
      Creates a verified account (staff accounts included).
  migrate
      Applies pending database migrations.
  seed
      Creates the demo data if the database has none (refused in production).
  jobs run [name]
      Runs the scheduled jobs once now (all, or the one named), e.g. after downtime.
`;

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: 2 });
  try {
    await migrate(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function createAccount(args: string[]) {
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
  const account = await withDatabase(({ db }) =>
    accountsService.create(db, {
      role: values.role as Role,
      email: values.email!,
      username: values.username!,
      password: values.password!,
      reseller: values.reseller ?? false,
      emailVerified: true,
    }),
  );
  console.log(
    `Created ${account.role}${account.reseller ? ' (reseller)' : ''} ${account.username} <${account.email}> id ${account.id}`,
  );
}

class UsageError extends Error {}

async function run(argv: string[]) {
  const [command, ...rest] = argv;
  switch (command) {
    case 'create-account':
      return createAccount(rest);
    case 'migrate':
      return withDatabase(async () => console.log('Migrations applied.'));
    case 'seed': {
      if (loadConfig().isProduction) throw new UsageError('Demo data is never seeded in production.');
      const { seeded } = await withDatabase(({ db }) => seedDemoData(db));
      return console.log(seeded ? 'Demo data created.' : 'The database already has data; nothing seeded.');
    }
    case 'jobs': {
      if (rest[0] !== 'run') throw new UsageError('Use: jobs run [name]');
      const config = loadConfig();
      return withDatabase(async ({ db }) => {
        const mailer = createMailer({ mailUrl: config.MAIL_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR });
        const jobs = scheduledJobs(config, db, mailer).filter((job) => !rest[1] || job.name === rest[1]);
        if (!jobs.length) throw new UsageError(`Unknown job ${rest[1]}`);
        for (const job of jobs) console.log(`${job.name}: ${JSON.stringify(await job.run(new Date()))}`);
      });
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof AppError) {
    const fields = error.details.fields?.map((f) => `\n  - ${f.path}: ${f.message}`).join('') ?? '';
    console.error(`${error.message}${fields}`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
