import { paths } from './paths.ts';

/**
 * Paths the sign-in flows and staff screens build. Kept out of paths.ts, which the public home page
 * loads, so they weigh only on the chunks that use them (DESIGN §9).
 */

/** `/2-step-verification/<token>`, keeping where the visitor was going. */
export function twoStepPath(twoFactorToken: string, next?: string | null): string {
  const path = `/2-step-verification/${encodeURIComponent(twoFactorToken)}`;
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export function verifyEmailPath(email?: string, next?: string | null): string {
  const query = new URLSearchParams();
  if (email) query.set('email', email);
  if (next) query.set('next', next);
  const text = query.toString();
  return text ? `${paths.verifyEmail}?${text}` : paths.verifyEmail;
}

/**
 * Where a sign-in without `next` lands: staff in the panel they work in, reseller API accounts in
 * the reseller panel (ADR 044), customers on the dashboard.
 */
export function homeFor(role: string | undefined, reseller = false): string {
  if (role === 'Administrator' || role === 'Manager') return paths.admin.dashboard;
  if (role === 'Support') return paths.support.trialpage;
  return reseller ? paths.resellerPanel.root : paths.dashboard;
}

/** A path with its `:userId` filled in (the staff account pages). */
export function accountPath(path: string, userId: string): string {
  return path.replace(':userId', encodeURIComponent(userId));
}
