import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '#platform/config/env.ts';
import { askDataDirOwner, DataDirInUse } from '#platform/db/data-dir-lock.ts';
import { openDatabase, restoreDataDir } from '#platform/db/client.ts';
import { migrate } from '#platform/db/migrate.ts';
import { AppError } from '#platform/http/errors.ts';
import { runCommand, USAGE, UsageError } from './cli-commands';

/**
 * `npm run cli -- <command>`. On PostgreSQL it opens the database itself. The embedded database
 * belongs to one process: while the shop runs, the command is sent to the shop, which runs it on
 * its own connection (ADR 014); otherwise the CLI holds DATA_DIR for as long as it works.
 */
async function run(argv: string[]) {
  const [command = '', ...given] = argv;
  const config = loadConfig();
  // Paths are the user's, from where they typed the command, not the shop's working directory.
  const base = config.invocationDir;
  const args =
    command === 'backup' || command === 'restore' ? given.map((a, i) => (i === 0 ? path.resolve(base, a) : a)) : given;

  if (command === 'restore') {
    if (config.DATABASE_URL)
      throw new UsageError('restore is for the embedded database; use pg_restore with PostgreSQL.');
    if (!args[0]) throw new UsageError('Use: restore <file> [--force]');
    if (await askDataDirOwner(config.DATA_DIR, { command: 'ping', args: [] })) {
      throw new UsageError(`The shop is running on ${config.DATA_DIR}. Stop it first, then restore.`);
    }
    const backup = new Blob([await readFile(args[0])]);
    await restoreDataDir(config.DATA_DIR, backup, { force: args.includes('--force') });
    return `Restored ${args[0]} into ${config.DATA_DIR}.`;
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: 2 });
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    const answer = await askDataDirOwner(config.DATA_DIR, { command, args });
    if (!answer) throw error;
    if (!answer.ok) throw new Error(answer.output);
    return `${answer.output}\n(run by the shop that is using ${config.DATA_DIR})`;
  }
  try {
    await migrate(database);
    return await runCommand(config, database, command, args);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2))
  .then((output) => console.log(output))
  .catch((error: unknown) => {
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
