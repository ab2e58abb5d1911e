import { toDollars } from '@tollgate/contract/http/money';
import type { MailMessage } from '#platform/mail/mail-message.ts';
import type { NoticeTemplates } from '#platform/mail/notice-templates.ts';
import type { MailTopic } from '#platform/mail/unsubscribe.ts';
import type { ClaimedNotice, InvoiceFacts, PlanFacts } from './notices.repository';
import { dayOf } from '#platform/mail/day.ts';

/** What writing a notice's mail needs: the templates and the links it carries. */
export interface NoticeMailDeps {
  mail: NoticeTemplates;
  appUrl: string;
  unsubscribeUrl: (accountId: string, topic: MailTopic) => string;
}

export interface Facts {
  invoices: Map<string, InvoiceFacts>;
  plans: Map<string, PlanFacts>;
}

const money = (cents: number) => `$${toDollars(cents).toFixed(2)}`;
const PAID_WITH = { balance: 'from your balance', stripe: 'by card', crypto: 'in crypto' } as const;
const GB = 1024 ** 3;

/** Bytes as a person reads them: GB down to one decimal, MB below 1 GB. */
export function amountOfData(bytes: number): string {
  const b = Math.max(0, bytes);
  if (b >= GB) return `${(b / GB).toFixed(b >= 10 * GB ? 0 : 1)} GB`;
  return `${Math.round(b / 1024 ** 2)} MB`;
}

/** One notice as a mail, from the facts as they are now; null when its subject is gone. */
export function noticeMail(
  deps: NoticeMailDeps,
  notice: ClaimedNotice,
  person: { email: string },
  facts: Facts,
): MailMessage | null {
  const { mail, appUrl } = deps;
  const to = person.email;
  const data = notice.data;
  const plan = notice.subjectId ? facts.plans.get(notice.subjectId) : undefined;
  switch (notice.kind) {
    case 'receipt': {
      const invoice = notice.subjectId ? facts.invoices.get(notice.subjectId) : undefined;
      if (!invoice) return null;
      const sub = invoice.subscriptionId;
      return mail.receipt(to, {
        kind: invoice.kind,
        automatic: data.automatic === true,
        number: invoice.number,
        title: invoice.planTitle ?? invoice.description,
        description: invoice.description,
        total: money(invoice.totalCents),
        subtotal: money(invoice.subtotalCents),
        discount: invoice.discountCents > 0 ? money(invoice.discountCents) : null,
        couponCode: invoice.couponCode,
        paidWith: PAID_WITH[invoice.paymentMethod],
        paidOn: dayOf(invoice.paidAt ?? notice.createdAt),
        endsOn: invoice.kind === 'deposit' || !invoice.expiresAt ? null : dayOf(invoice.expiresAt),
        // Each receipt opens its own invoice document (one invoice per number).
        url: `${appUrl}/invoice/${notice.subjectId}`,
        proxiesUrl: sub && invoice.kind === 'purchase' ? `${appUrl}/generator/${sub}` : null,
      });
    }
    case 'proxy_password':
      return plan
        ? mail.proxyPasswordChanged(to, {
            title: plan.title,
            username: plan.proxyUsername,
            url: `${appUrl}/generator/${plan.id}`,
          })
        : null;
    case 'staff_plan_change':
      return plan
        ? mail.staffPlanChange(to, {
            title: plan.title,
            added: data.added === true,
            changes: Array.isArray(data.changes) ? data.changes.map(String) : [],
            url: `${appUrl}/dashboard`,
          })
        : null;
    case 'staff_balance_change': {
      const cents = Number(data.cents);
      return mail.staffBalanceChange(to, {
        added: cents > 0,
        amount: money(Math.abs(cents)),
        balance: money(Number(data.balanceAfterCents)),
        url: `${appUrl}/topup`,
      });
    }
    case 'expiry_reminder':
      return plan?.expiresAt
        ? mail.expiryReminder(
            to,
            {
              title: plan.title,
              endsOn: dayOf(plan.expiresAt),
              autoRenew: plan.autoRenew,
              url: `${appUrl}${plan.autoRenew ? '/topup' : '/dashboard'}`,
            },
            deps.unsubscribeUrl(notice.accountId, 'reminders'),
          )
        : null;
    case 'usage_alert':
      return mail.usageAlert(to, usageAlertFacts(data, appUrl));
    case 'auto_topup_failed':
      return mail.autoTopupFailed(to, {
        amount: money(Number(data.amountCents)),
        reason: String(data.reason ?? 'the card was refused'),
        url: `${appUrl}/my-profile#auto-topup`,
      });
    case 'low_bandwidth':
      return plan
        ? mail.lowBandwidth(
            to,
            {
              title: plan.title,
              used: amountOfData(plan.usedBytes),
              total: `${plan.bandwidthGb} GB`,
              left: amountOfData(plan.bandwidthGb * GB - plan.usedBytes),
              url: `${appUrl}/dashboard`,
            },
            deps.unsubscribeUrl(notice.accountId, 'reminders'),
          )
        : null;
  }
}

/** What a usage alert says, from the facts recorded when it fired (ADR 034). */
function usageAlertFacts(data: Record<string, unknown>, appUrl: string) {
  const plan = String(data.plan ?? 'Your plan');
  switch (data.eventType) {
    case 'alert.bandwidth':
      return {
        subject: `${plan}: ${String(data.usedPercent)} % of its GB used`,
        heading: 'Your plan passed a usage alert',
        lines: [
          `${plan} has used ${amountOfData(Number(data.usedBytes))} of ${amountOfData(Number(data.totalBytes))} (${String(data.usedPercent)} %), past your ${String(data.thresholdPercent)} % alert.`,
        ],
        action: { label: 'Add GB', url: `${appUrl}/dashboard` },
      };
    case 'alert.expiry':
      return {
        subject: `${plan} ends on ${dayOf(new Date(String(data.expiresAt)))}`,
        heading: 'Your plan ends soon',
        lines: [
          `${plan} ends on ${dayOf(new Date(String(data.expiresAt)))}, within your ${String(data.thresholdDays)}-day alert.`,
          data.autoRenew === true
            ? 'Auto-renew is on: keep enough balance to cover it.'
            : 'Renew it to keep it working.',
        ],
        action: { label: 'Open your plans', url: `${appUrl}/dashboard` },
      };
    default:
      return {
        subject: `Your balance is ${money(Number(data.balanceCents))}`,
        heading: 'Your balance fell below your alert',
        lines: [
          `Your balance is ${money(Number(data.balanceCents))}, below your ${money(Number(data.thresholdCents))} alert.`,
        ],
        action: { label: 'Deposit balance', url: `${appUrl}/topup` },
      };
  }
}
