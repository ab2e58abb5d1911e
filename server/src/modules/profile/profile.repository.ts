import type { BasicProfile } from '@tollgate/contract/profile/profile';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { profiles } from '#platform/db/schema.ts';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';

type ProfileFields = Omit<BasicProfile, 'email' | 'username'>;

const EMPTY: ProfileFields = {
  legalname: '',
  legalusername: '',
  bilingemail: '',
  country: '',
  companyname: '',
  vatid: '',
  phonenumber: '',
  billingaddress: '',
  city: '',
  zipcode: '',
};

/** Spec §3 wire names <-> columns, in one place. */
function toColumns(p: ProfileFields) {
  return {
    legalName: p.legalname,
    legalSurname: p.legalusername,
    billingEmail: p.bilingemail,
    country: p.country,
    companyName: p.companyname,
    vatNumber: p.vatid,
    phoneNumber: p.phonenumber,
    billingAddress: p.billingaddress,
    city: p.city,
    zipCode: p.zipcode,
  };
}

export const profileRepository = {
  async get(db: DbOrTx, account: AccountRow): Promise<BasicProfile> {
    const [row] = await db.select().from(profiles).where(eq(profiles.accountId, account.id)).limit(1);
    const fields: ProfileFields = row
      ? {
          legalname: row.legalName,
          legalusername: row.legalSurname,
          bilingemail: row.billingEmail,
          country: row.country,
          companyname: row.companyName,
          vatid: row.vatNumber,
          phonenumber: row.phoneNumber,
          billingaddress: row.billingAddress,
          city: row.city,
          zipcode: row.zipCode,
        }
      : EMPTY;
    return { email: account.email, username: account.username, ...fields };
  },

  async save(db: DbOrTx, accountId: string, fields: ProfileFields): Promise<void> {
    const columns = toColumns(fields);
    await db
      .insert(profiles)
      .values({ accountId, ...columns })
      .onConflictDoUpdate({ target: profiles.accountId, set: { ...columns, updatedAt: sql`now()` } });
  },
};
