import { buildApp } from '../src/app';
import { openDatabase } from '#platform/db/client.ts';
import { requestAt, type TestServer } from './harness';

export type SecondInstance = Pick<TestServer, 'request' | 'close'> & {
  /** Resolves once what this instance does after its answers (automation, notices) is done. */
  settled(): Promise<void>;
};

/**
 * Another app instance on the same PostgreSQL database with a pool of its own, as a second server
 * behind the load balancer would be: same configuration, same secrets, its own memory.
 */
export async function startSecondInstance(first: TestServer): Promise<SecondInstance> {
  const url = first.database.pool?.options.connectionString;
  if (!url) throw new Error('a second instance needs PostgreSQL');
  const database = await openDatabase({ databaseUrl: url, poolMax: 5 });
  const app = await buildApp(first.config, database);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    request: requestAt(address),
    settled: () => app.afterAnswer.settled(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
