import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { notify } from './notify';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const rows = async (link: string) => {
  const { rows } = await server.database.executeSql(
    `select recipient_id, message, ticket_id, read_at from notifications where link = '${link}' order by recipient_id`,
  );
  return rows as Array<{ recipient_id: string; message: string; ticket_id: string | null; read_at: unknown }>;
};

describe('notify', () => {
  it('reaches every active holder of the roles but the one excepted, in one call', async () => {
    const admin = await server.buildAccount({ role: 'Administrator' });
    const manager = await server.buildAccount({ role: 'Manager' });
    const author = await server.buildAccount({ role: 'Manager' });
    const support = await server.buildAccount({ role: 'Support' });
    const gone = await server.buildAccount({ role: 'Manager' });
    const off = await server.buildAccount({ role: 'Administrator' });
    await server.database.executeSql(`update accounts set deleted_at = now() where id = '${gone.id}'`);
    await server.database.executeSql(`update accounts set disabled_at = now() where id = '${off.id}'`);

    await notify(server.database.db, {
      to: { roles: ['Administrator', 'Manager'], except: author.id },
      message: 'A change awaits approval',
      link: '/admin/change-requests',
    });
    const got = await rows('/admin/change-requests');
    expect(got.map((r) => r.recipient_id).sort()).toEqual([admin.id, manager.id].sort());
    expect(got.every((r) => r.message === 'A change awaits approval' && r.ticket_id === null && !r.read_at)).toBe(true);
    expect(got.map((r) => r.recipient_id)).not.toContain(support.id);
  });

  it('reaches named accounts that can still sign in, skipping unknown ids and an empty list', async () => {
    const customer = await server.buildAccount();
    const disabled = await server.buildAccount();
    await server.database.executeSql(`update accounts set disabled_at = now() where id = '${disabled.id}'`);
    await notify(server.database.db, {
      to: { accountIds: [customer.id, disabled.id, '00000000-0000-4000-8000-000000000000'] },
      message: 'Hello',
      link: '/named',
    });
    await notify(server.database.db, { to: { accountIds: [] }, message: 'Nobody', link: '/named' });
    expect((await rows('/named')).map((r) => r.recipient_id)).toEqual([customer.id]);
  });

  it('is part of the caller’s transaction: a rollback takes the entries with it', async () => {
    const customer = await server.buildAccount();
    await expect(
      server.database.db.transaction(async (tx) => {
        await notify(tx, { to: { accountIds: [customer.id] }, message: 'Never', link: '/rolled-back' });
        throw new Error('business rule refused');
      }),
    ).rejects.toThrow('business rule refused');
    expect(await rows('/rolled-back')).toEqual([]);
    await server.database.db.transaction((tx) =>
      notify(tx, { to: { accountIds: [customer.id] }, message: 'Kept', link: '/committed' }),
    );
    expect((await rows('/committed')).map((r) => r.message)).toEqual(['Kept']);
  });
});
