import type { Role } from './roles';

/** Spec §6: which roles see which staff area. Sidebars and the server's staff endpoints read this. */
export const STAFF_AREAS = {
  Statistics: ['Administrator'],
  'Resell user': ['Administrator'],
  'General Site Logs': ['Administrator'],
  'Gift Management': ['Administrator'],
  'Partners Link': ['Administrator'],
  'Management panel': ['Administrator', 'Support'],
  'User Management': ['Administrator', 'Manager'],
  'Plan Management': ['Administrator', 'Manager'],
  // Support's copy of the plans list: spec §6 gives it the list and hiding plans, nothing else.
  Plans: ['Support'],
  Invoices: ['Administrator', 'Manager'],
  'Product Manage': ['Administrator', 'Manager'],
  'Product API': ['Administrator', 'Manager'],
  Coupons: ['Administrator', 'Manager'],
  Blogs: ['Administrator', 'Manager'],
  Category: ['Administrator', 'Manager'],
  'MAIL Sender': ['Administrator', 'Manager'],
  'Website Management': ['Administrator', 'Manager'],
  // Not in the §6 table; DESIGN §10 gives subscription tools to Administrator and Manager.
  Subscriptions: ['Administrator', 'Manager'],
  // Issue 32: the staff changes above the limits that wait for a second staff member (ADR 011, 048).
  'Change requests': ['Administrator', 'Manager'],
  // Not in the §6 table; DESIGN §10 gives tickets, notifications and suggestions to all three staff roles.
  Tickets: ['Administrator', 'Manager', 'Support'],
  Suggestions: ['Administrator', 'Manager', 'Support'],
  // Not in the §6 table: the Terms and Acceptable Use every sign-up accepts are the operator's word.
  'Legal texts': ['Administrator'],
  // Issue 35: whether the shop is healthy (instances, gateway nodes, queues, deliveries, database).
  System: ['Administrator'],
} as const satisfies Record<string, readonly Role[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

/** Panel switch buttons (spec §2, §4, §6). */
export const PANEL_SWITCHES = {
  goToAdminPanel: ['Administrator', 'Manager'],
  goToSupportPanel: ['Support'],
  goToUserPanel: ['Administrator', 'Manager', 'Support'],
} as const satisfies Record<string, readonly Role[]>;

export function canSeeArea(area: StaffArea, role: Role): boolean {
  return (STAFF_AREAS[area] as readonly Role[]).includes(role);
}

export function canUseSwitch(button: keyof typeof PANEL_SWITCHES, role: Role): boolean {
  return (PANEL_SWITCHES[button] as readonly Role[]).includes(role);
}
