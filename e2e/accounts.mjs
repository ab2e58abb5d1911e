/** Demo accounts seeded on a server's first start (dev only), and the Chromium launch settings. */
export const ACCOUNTS = {
  admin: { email: 'admin@tollgate.local', username: 'admin', password: 'Admin-demo-2026!', role: 'Administrator' },
  manager: { email: 'manager@tollgate.local', username: 'manager', password: 'Manager-demo-2026!', role: 'Manager' },
  support: { email: 'support@tollgate.local', username: 'support', password: 'Support-demo-2026!', role: 'Support' },
  customer: { email: 'customer@tollgate.local', username: 'customer', password: 'Customer-demo-2026!', role: 'User' },
  reseller: { email: 'reseller@tollgate.local', username: 'reseller', password: 'Reseller-demo-2026!', role: 'User' },
  // Not seeded: prepareShop (pages.mjs) signs it up and takes it through the reseller programme (ADR 042).
  member: { email: 'member@tollgate.local', username: 'member', password: 'Member-demo-2026!', role: 'User' },
};

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
