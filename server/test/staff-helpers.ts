import { afterAll, beforeAll } from 'vitest';
import { createTestServer, type TestAccount, type TestServer } from './harness';

/** A shop with one staff member of each role and a second Manager, for the approvals cases. */
export interface StaffShop {
  server: TestServer;
  admin: TestAccount;
  manager: TestAccount;
  /** A Manager who did not file the request: the one who may decide it. */
  otherManager: TestAccount;
  support: TestAccount;
  /** The account's token; each account signs in once per file. */
  as(who: TestAccount): Promise<string>;
}

/** Registers the file's hooks: the shop and its staff before the cases, the shop closed after them. */
export function useStaffShop(): StaffShop {
  const tokens = new Map<string, string>();
  const shop = {
    async as(who: TestAccount) {
      if (!tokens.has(who.id)) tokens.set(who.id, await shop.server.tokenFor(who));
      return tokens.get(who.id)!;
    },
  } as StaffShop;
  beforeAll(async () => {
    shop.server = await createTestServer();
    shop.admin = await shop.server.buildAccount({ role: 'Administrator' });
    shop.manager = await shop.server.buildAccount({ role: 'Manager' });
    shop.otherManager = await shop.server.buildAccount({ role: 'Manager' });
    shop.support = await shop.server.buildAccount({ role: 'Support' });
  });
  afterAll(() => shop.server.close());
  return shop;
}
