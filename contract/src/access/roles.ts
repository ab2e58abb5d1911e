/** Account roles as stored; the reseller flag is separate (spec §3: reseller 1 means reseller). */
export const ROLES = ['User', 'Administrator', 'Manager', 'Support'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is calling. A signed-in User flagged reseller=1 is an API account and acts as `Reseller`,
 * so endpoints opt in to reseller callers explicitly (DESIGN §10).
 */
export const PRINCIPALS = ['anonymous', 'User', 'Reseller', 'Support', 'Manager', 'Administrator'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** Callable without a token by anyone. */
export const PUBLIC = ['anonymous'] as const satisfies readonly Principal[];
/** Every signed-in account, API resellers included (they need /auth to learn who they are). */
export const SIGNED_IN = [
  'User',
  'Reseller',
  'Support',
  'Manager',
  'Administrator',
] as const satisfies readonly Principal[];
/** The customer area: customers and staff using the user panel. */
export const CUSTOMERS = ['User', 'Support', 'Manager', 'Administrator'] as const satisfies readonly Principal[];
export const ADMINS = ['Administrator'] as const satisfies readonly Principal[];
export const ADMINS_AND_MANAGERS = ['Administrator', 'Manager'] as const satisfies readonly Principal[];
export const SUPPORT_STAFF = ['Support', 'Administrator'] as const satisfies readonly Principal[];
/** Tickets, their notifications and customer suggestions: answering customers is Support's job too (DESIGN §10). */
export const TICKET_DESK = ['Support', 'Manager', 'Administrator'] as const satisfies readonly Principal[];

/**
 * Who the API documentation outside the staff panel is for: anyone, customers and resellers. A call
 * open to none of them (staff-only) is left out of it; a staff role beside them is not shown.
 */
export const CUSTOMER_FACING = ['anonymous', 'User', 'Reseller'] as const satisfies readonly Principal[];
export const isCustomerFacing = (principal: string) => (CUSTOMER_FACING as readonly string[]).includes(principal);
/** Whether a customer or reseller may make a call open to `roles` (its OpenAPI `x-roles`). */
export const customerMayCall = (roles: readonly string[]) => roles.some(isCustomerFacing);

export function principalOf(account: { role: Role; reseller: boolean }): Principal {
  if (account.role !== 'User') return account.role;
  return account.reseller ? 'Reseller' : 'User';
}
