import { escapeHtml } from '@tollgate/contract/content/escape-html';
import type { MailMessage } from './mail-message';
import { render, type Parts } from './templates';

export interface ReceiptFacts {
  kind: 'deposit' | 'purchase' | 'renewal';
  automatic: boolean;
  number: string;
  title: string;
  description: string;
  /** Dollars as shown: `$12.34`. */
  total: string;
  subtotal: string;
  discount: string | null;
  couponCode: string | null;
  paidWith: string;
  paidOn: string;
  endsOn: string | null;
  url: string;
  proxiesUrl: string | null;
}

const receiptSubject = (r: ReceiptFacts) =>
  r.kind === 'deposit'
    ? `Payment received: ${r.total} added to your balance`
    : r.kind === 'renewal'
      ? `${r.title} renewed${r.automatic ? ' automatically' : ''}: receipt ${r.number}`
      : `Receipt for ${r.title}: ${r.number}`;

const receiptHeading = (r: ReceiptFacts) =>
  r.kind === 'deposit'
    ? 'Deposit received'
    : r.kind === 'renewal'
      ? r.automatic
        ? 'Your plan was renewed automatically'
        : 'Your plan was renewed'
      : 'Thank you for your purchase';

/**
 * Receipts and notices the job queue delivers (ADR 019). Receipts and security notices are always
 * sent; reminders are optional and carry a one-click unsubscribe link, as news does.
 */
export function noticeTemplates(site: string) {
  const optional = (to: string, parts: Parts, unsubscribeUrl: string): MailMessage => ({
    ...render(site, to, parts, {
      text: `Stop plan reminders: ${unsubscribeUrl}`,
      html: `You receive plan reminders from ${escapeHtml(site)}. <a href="${escapeHtml(unsubscribeUrl)}">Stop plan reminders</a> (receipts and security mail still arrive).`,
    }),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });

  return {
    receipt: (to: string, r: ReceiptFacts) =>
      render(site, to, {
        subject: receiptSubject(r),
        heading: receiptHeading(r),
        paragraphs: [
          r.kind === 'deposit'
            ? `We received your payment of ${r.total} ${r.paidWith}. It is on your balance now.`
            : `${r.description}.`,
          ...(r.discount
            ? [`Subtotal ${r.subtotal}, discount ${r.discount}${r.couponCode ? ` (coupon ${r.couponCode})` : ''}.`]
            : []),
          ...(r.kind === 'deposit'
            ? []
            : [r.total === '$0.00' ? 'Nothing to pay.' : `Paid: ${r.total} ${r.paidWith}.`]),
          `Invoice ${r.number}, paid on ${r.paidOn}.`,
          ...(r.endsOn ? [`The plan ${r.kind === 'renewal' ? 'now runs' : 'runs'} until ${r.endsOn}.`] : []),
        ],
        action: { label: r.kind === 'deposit' ? 'View your invoices' : 'View invoice', url: r.url },
        ...(r.proxiesUrl ? { links: [{ label: 'Open your proxies in the generator', url: r.proxiesUrl }] } : {}),
      }),

    proxyPasswordChanged: (to: string, plan: { title: string; username: string | null; url: string }) =>
      render(site, to, {
        subject: `The proxy password of ${plan.title} was changed`,
        heading: 'Your proxy password was changed',
        paragraphs: [
          `A new proxy password was made for ${plan.title}${plan.username ? ` (username ${plan.username})` : ''}. The old one stops working within seconds: update your tools with the new one.`,
        ],
        action: { label: 'Open the generator', url: plan.url },
        footnote: 'If this was not you, change your account password at once and contact support.',
      }),

    staffPlanChange: (to: string, plan: { title: string; added: boolean; changes: string[]; url: string }) =>
      render(site, to, {
        subject: plan.added ? `${plan.title} was added to your account` : `Your ${plan.title} plan was changed`,
        heading: plan.added ? 'Our team added a plan for you' : 'Our team changed your plan',
        paragraphs: [plan.added ? 'It is ready to use:' : `We made these changes to ${plan.title}:`, ...plan.changes],
        action: { label: 'View your plans', url: plan.url },
        footnote: 'Questions about it? Open a support ticket and we will explain.',
      }),

    staffBalanceChange: (to: string, change: { added: boolean; amount: string; balance: string; url: string }) =>
      render(site, to, {
        subject: `${change.amount} was ${change.added ? 'added to' : 'taken from'} your ${site} balance`,
        heading: change.added ? 'Balance added' : 'Balance corrected',
        paragraphs: [
          `Our team ${change.added ? 'added' : 'took'} ${change.amount} ${change.added ? 'to' : 'from'} your balance.`,
          `Your balance is now ${change.balance}.`,
        ],
        action: { label: 'View your balance', url: change.url },
        footnote: 'Questions about it? Open a support ticket and we will explain.',
      }),

    expiryReminder: (
      to: string,
      plan: { title: string; endsOn: string; autoRenew: boolean; url: string },
      unsubscribeUrl: string,
    ) =>
      optional(
        to,
        {
          subject: `Your ${plan.title} plan ends on ${plan.endsOn}`,
          heading: 'Your plan ends soon',
          paragraphs: [
            `${plan.title} ends on ${plan.endsOn}.`,
            plan.autoRenew
              ? 'Auto-renew is on: we will renew it from your balance before it ends. Keep enough balance to cover it.'
              : 'Renew or extend it before then to keep your proxies working.',
          ],
          action: { label: plan.autoRenew ? 'Check your balance' : 'Renew now', url: plan.url },
        },
        unsubscribeUrl,
      ),

    lowBandwidth: (
      to: string,
      plan: { title: string; used: string; total: string; left: string; url: string },
      unsubscribeUrl: string,
    ) =>
      optional(
        to,
        {
          subject: `${plan.title}: only ${plan.left} left`,
          heading: 'Your plan is running low on bandwidth',
          paragraphs: [
            `${plan.title} has used ${plan.used} of ${plan.total}; ${plan.left} is left.`,
            'Add GB before it runs out to keep your proxies working: the plan stops when nothing is left.',
          ],
          action: { label: 'Add GB', url: plan.url },
        },
        unsubscribeUrl,
      ),

    /** A usage alert the customer set (ADR 034): always sent, since they asked for exactly this. */
    usageAlert: (
      to: string,
      alert: { subject: string; heading: string; lines: string[]; action: { label: string; url: string } },
    ) =>
      render(site, to, {
        subject: alert.subject,
        heading: alert.heading,
        paragraphs: [...alert.lines, 'You set this alert in Settings, where you can change or remove it.'],
        action: alert.action,
      }),

    autoTopupFailed: (to: string, facts: { amount: string; reason: string; url: string }) =>
      render(site, to, {
        subject: `Auto top-up of ${facts.amount} failed`,
        heading: 'We could not charge your saved card',
        paragraphs: [
          `Your balance fell below your auto top-up threshold, and charging ${facts.amount} to your saved card failed: ${facts.reason}`,
          'Auto top-up is paused until you save its settings or a card again, so we will not try again on our own.',
        ],
        action: { label: 'Check auto top-up', url: facts.url },
      }),
  };
}
export type NoticeTemplates = ReturnType<typeof noticeTemplates>;
