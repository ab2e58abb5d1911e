import { ilike, or, type SQL } from 'drizzle-orm';
import { accounts } from './schema';

/** A LIKE/ILIKE pattern that matches `search` literally anywhere: %, _ and \ typed by people stay plain. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts whose username or email contains `search` (case-insensitive, typed literally). */
export function accountMatching(search: string): SQL {
  const pattern = containsPattern(search);
  return or(ilike(accounts.username, pattern), ilike(accounts.email, pattern))!;
}
