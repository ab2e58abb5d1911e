import { escapeHtml } from '@tollgate/contract/content/escape-html';
import type { MailMessage } from './mail-message';

export interface Parts {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Further links, quieter than the action (a receipt's "Open your proxies"). */
  links?: { label: string; url: string }[];
  footnote?: string;
}

/** One layout for every mail: a plain-text version and a simple, client-safe HTML version. */
export function render(
  site: string,
  to: string,
  parts: Parts,
  extraFooter?: { text: string; html: string },
): MailMessage {
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.links ?? []).flatMap((l) => [`${l.label}: ${l.url}`, '']),
    ...(parts.footnote ? [parts.footnote, ''] : []),
    `— ${site}`,
    ...(extraFooter ? ['', extraFooter.text] : []),
  ].join('\n');
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(parts.action.label)}</a></p>
<p style="color:#64748b;font-size:13px">Or paste this link into your browser: ${escapeHtml(parts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:700;font-size:18px;margin:0 0 24px">${escapeHtml(site)}</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button}
${(parts.links ?? []).map((l) => `<p style="margin:0 0 12px"><a href="${escapeHtml(l.url)}" style="color:#4f46e5;font-weight:600">${escapeHtml(l.label)}</a></p>`).join('\n')}
${parts.footnote ? `<p style="color:#64748b;font-size:13px;line-height:1.5">${escapeHtml(parts.footnote)}</p>` : ''}
</div>
${extraFooter ? `<p style="color:#64748b;font-size:12px;margin-top:16px">${extraFooter.html}</p>` : ''}
</div></body></html>`;
  return { to, subject: parts.subject, text, html };
}

const IGNORE = 'If this was not you, you can ignore this email.';
const SECURITY = 'If this was not you, reset your password at once and contact support.';

export function mailTemplates(site: string) {
  return {
    verification: (to: string, url: string) =>
      render(site, to, {
        subject: `Verify your email for ${site}`,
        heading: 'Confirm your email address',
        paragraphs: ['Thanks for signing up. Confirm this address to start buying proxy plans.'],
        action: { label: 'Verify email', url },
        footnote: `The link works once and expires in 24 hours. ${IGNORE}`,
      }),
    passwordReset: (to: string, url: string) =>
      render(site, to, {
        subject: `Reset your ${site} password`,
        heading: 'Reset your password',
        paragraphs: ['Someone asked to reset the password of this account. Choose a new one with the link below.'],
        action: { label: 'Choose a new password', url },
        footnote: `The link works once and expires in 30 minutes. ${IGNORE}`,
      }),
    /** A staff-created account: the person chooses the first password; staff never know it. */
    welcomeChoosePassword: (to: string, account: { username: string; url: string; hours: number; note?: string }) =>
      render(site, to, {
        subject: `Your ${site} account is ready: choose a password`,
        heading: 'Welcome! Choose your password',
        paragraphs: [
          `Our team created a ${site} account for you with the username ${account.username}.`,
          ...(account.note ? [account.note] : []),
          'Choose a password with the link below, then sign in with your email or username.',
        ],
        action: { label: 'Choose your password', url: account.url },
        footnote: `The link works once and expires in ${account.hours} hours. If it expires, use "Forgot password" on the sign-in page. If you did not expect this account, you can ignore this email.`,
      }),
    passwordChanged: (to: string) =>
      render(site, to, {
        subject: `Your ${site} password was changed`,
        heading: 'Your password was changed',
        paragraphs: ['The password of your account was just changed and every other sign-in was ended.'],
        footnote: SECURITY,
      }),
    twoFactorEnabled: (to: string) =>
      render(site, to, {
        subject: `Two-factor authentication is on for ${site}`,
        heading: 'Two-factor authentication enabled',
        paragraphs: ['Signing in now also needs a code from your authenticator app. Keep your backup codes safe.'],
        footnote: SECURITY,
      }),
    twoFactorDisabled: (to: string) =>
      render(site, to, {
        subject: `Two-factor authentication is off for ${site}`,
        heading: 'Two-factor authentication disabled',
        paragraphs: ['Signing in no longer asks for a code from your authenticator app.'],
        footnote: SECURITY,
      }),
    newSignIn: (to: string, where: { ip: string | null; device: string | null; at: Date }) =>
      render(site, to, {
        subject: `New sign-in to ${site}`,
        heading: 'New sign-in to your account',
        paragraphs: [
          `When: ${where.at.toUTCString()}`,
          `From: ${where.ip ?? 'unknown address'}`,
          `Device: ${where.device ?? 'unknown device'}`,
        ],
        footnote: SECURITY,
      }),
    signUpWithYourAddress: (to: string, urls: { login: string; reset: string }) =>
      render(site, to, {
        subject: `Someone tried to sign up to ${site} with your address`,
        heading: 'You already have an account',
        paragraphs: [
          'Someone tried to create an account with this email address, which already has one. No new account was made.',
          `If it was you, sign in at ${urls.login}`,
          'Forgot the password? Choose a new one with the button below.',
        ],
        action: { label: 'Reset your password', url: urls.reset },
        footnote: IGNORE,
      }),
    failedSignIns: (to: string, attempts: number, resetUrl: string) =>
      render(site, to, {
        subject: `Failed sign-ins to your ${site} account`,
        heading: 'Someone is trying to sign in to your account',
        paragraphs: [
          `${attempts} sign-ins with a wrong password were tried just now. Further tries now wait longer each time, so guessing is slow; you can still sign in once the wait passes.`,
          'If this was you, nothing needs doing. If not, choose a new password: it ends every session and clears the wait.',
        ],
        action: { label: 'Reset your password', url: resetUrl },
        footnote: SECURITY,
      }),
    accountConversion: (to: string, url: string) =>
      render(site, to, {
        subject: `Link Google sign-in to your ${site} account`,
        heading: 'Link your Google account',
        paragraphs: [
          'Someone tried to sign in with a Google account that uses this email address. Follow the link to allow Google sign-in for your account.',
        ],
        action: { label: 'Link Google sign-in', url },
        footnote: `The link works once and expires in 1 hour. ${IGNORE}`,
      }),
    /** News and offers: always with a one-click unsubscribe link and List-Unsubscribe headers. */
    marketing: (
      to: string,
      content: { subject: string; heading: string; paragraphs: string[] },
      unsubscribeUrl: string,
    ) => {
      const message = render(site, to, content, {
        text: `Unsubscribe from news and offers: ${unsubscribeUrl}`,
        html: `You receive this because you opted in to news from ${escapeHtml(site)}. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>.`,
      });
      return {
        ...message,
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    },
    renewalFailed: (to: string, plan: { title: string; endsOn: string; reason: string; url: string }) =>
      render(site, to, {
        subject: `We could not renew ${plan.title}`,
        heading: 'Automatic renewal failed',
        paragraphs: [
          `${plan.title} could not be renewed automatically: ${plan.reason}.`,
          `It ends on ${plan.endsOn}. Deposit balance or renew it yourself to keep it running.`,
        ],
        action: { label: 'Deposit balance', url: plan.url },
      }),
    /** ADR 042: staff approved a reseller programme application; the member takes the key themselves. */
    resellerApproved: (to: string, account: { username: string; url: string }) =>
      render(site, to, {
        subject: `Welcome to the ${site} reseller programme`,
        heading: 'Your reseller application was approved',
        paragraphs: [
          `Good news, ${account.username}: your account is now in the reseller programme, with your own prices.`,
          'Open the reseller dashboard to create your API key, add sub-users and sell them plans from your balance.',
        ],
        action: { label: 'Open the reseller dashboard', url: account.url },
      }),
    /** The reason is staff's own words, shown as written (escaped by the layout). */
    resellerRejected: (to: string, application: { reason: string; url: string }) =>
      render(site, to, {
        subject: `Your ${site} reseller application`,
        heading: 'Your reseller application was not approved',
        paragraphs: [
          'Thank you for applying to the reseller programme. Our team could not approve it this time:',
          application.reason,
          'You may apply again from the reseller dashboard once this is addressed.',
        ],
        action: { label: 'Open the reseller dashboard', url: application.url },
      }),
    /** A staff public answer; only the ticket's subject and a link, never the conversation itself. */
    ticketAnswered: (to: string, ticket: { subject: string; url: string }) =>
      render(site, to, {
        subject: 'Support replied to your ticket',
        heading: 'Support replied to your ticket',
        paragraphs: [
          `Our support team answered your ticket "${ticket.subject}".`,
          'Open it to read the answer and reply.',
        ],
        action: { label: 'Open your ticket', url: ticket.url },
      }),
  };
}
export type MailTemplates = ReturnType<typeof mailTemplates>;
