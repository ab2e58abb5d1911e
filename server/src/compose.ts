import type { Config } from '#platform/config/env.ts';
import type { Db } from '#platform/db/client.ts';
import type { ScheduledJob } from '#platform/jobs/scheduler.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { mailTemplates } from '#platform/mail/templates.ts';
import { noticeTemplates } from '#platform/mail/notice-templates.ts';
import { unsubscribeLinks } from '#platform/mail/unsubscribe.ts';
import { createNoticeDelivery } from '#modules/notices/notice-delivery.ts';
import { createCampaignDelivery } from '#modules/mail-sender/campaign-delivery.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createAutoRenewer } from '#modules/checkout/auto-renewer.ts';
import type { CheckoutDeps } from '#modules/checkout/checkout.deps.ts';
import { paymentProvidersFrom } from '#modules/checkout/payment-providers.ts';
import { createCouponsService } from '#modules/plans/coupons.service.ts';
import { subscriptionLifecycle } from '#modules/subscriptions/subscription-lifecycle.ts';
import { createSubscriptionJobs } from '#modules/subscriptions/subscription-jobs.ts';
import { createUpstreamDelivery } from '#modules/proxies/upstream-delivery.ts';
import { forgetQuietSignInBackoffs } from '#modules/auth/session.service.ts';
import { purgeExpiredSecurityEvents } from '#modules/general-logs/general-logs.service.ts';
import { backendFor, UPSTREAM_PROVIDER } from '#platform/proxy-backends/select.ts';
import { publicBaseUrl } from '#platform/http/app-url.ts';
import { createSealer } from '#platform/auth/sealed.ts';
import { readTypesConfig, type TypesConfigReader } from '#platform/products/types-config.ts';
import { backendDepsOf, loadConnection, PRODUCT_API_SEAL } from '#platform/products/upstream-connection.ts';

/** Outside production an unset issuer prints sample details, so demo bills look like real ones. */
function issuerDetails(config: Config): string {
  if (config.INVOICE_ISSUER) return config.INVOICE_ISSUER.replace(/\\n/g, '\n');
  return config.isProduction
    ? ''
    : `${config.SITE_NAME} Demo Ltd\n1 Example Street, London EC1A 1AA\nVAT GB 123 4567 89`;
}

/** Wiring shared by the HTTP app and the CLI: modules meet only here (ADR 006). */
export function checkoutDepsFrom(
  config: Config,
  db: Db,
  typesConfig: TypesConfigReader = async () => (await readTypesConfig(db)).types,
): CheckoutDeps {
  return {
    db,
    typesConfig,
    providers: paymentProvidersFrom(config),
    coupons: createCouponsService({ db }),
    subscriptions: subscriptionLifecycle,
    issuer: { name: config.SITE_NAME, details: issuerDetails(config) },
    publicUrl: publicBaseUrl(config),
  };
}

export function subscriptionJobsFrom(config: Config, db: Db, mailer: Mailer, appUrl?: string) {
  return createSubscriptionJobs({
    db,
    mailer,
    mail: mailTemplates(config.SITE_NAME),
    renew: createAutoRenewer(checkoutDepsFrom(config, db)),
    appUrl: appUrl ?? publicBaseUrl(config),
  });
}

/** Receipts and notices (ADR 019): what the notices table owes, mailed with links to this shop. */
export function noticeDeliveryFrom(config: Config, db: Db, mailer: Mailer, appUrl?: string) {
  const origin = appUrl ?? publicBaseUrl(config);
  const links = unsubscribeLinks(config.JWT_SECRET);
  return createNoticeDelivery({
    db,
    mailer,
    mail: noticeTemplates(config.SITE_NAME),
    appUrl: origin,
    unsubscribeUrl: (accountId, topic) => links.url(origin, accountId, topic),
  });
}

/** A campaign mail's unsubscribe addresses: the visible page, and the RFC 8058 one-click POST. */
export function campaignLinksFrom(config: Config, appUrl?: string) {
  const origin = appUrl ?? publicBaseUrl(config);
  const links = unsubscribeLinks(config.JWT_SECRET);
  return (accountId: string) => ({
    unsubscribe: links.url(origin, accountId, 'news'),
    oneClick: links.oneClickUrl(origin, accountId, 'news'),
  });
}

/** News campaigns (ADR 027): one delivery loop per process, rate-limited across instances. */
export function campaignDeliveryFrom(config: Config, db: Db, mailer: Mailer, log: FastifyBaseLogger) {
  return createCampaignDelivery({
    db,
    mailer,
    siteName: config.SITE_NAME,
    perMinute: config.MAIL_CAMPAIGN_PER_MINUTE,
    links: campaignLinksFrom(config),
    log,
  });
}

export function scheduledJobs(config: Config, db: Db, mailer: Mailer): ScheduledJob[] {
  const jobs = subscriptionJobsFrom(config, db, mailer);
  const notices = noticeDeliveryFrom(config, db, mailer);
  // Jobs that leave notices deliver them at once; the minute's sweep catches anything left over.
  const thenDeliver =
    <T>(run: (now: Date) => Promise<T>) =>
    async (now: Date) => {
      const result = await run(now);
      await notices.drain();
      return result;
    };
  const sealer = createSealer(config.JWT_SECRET, PRODUCT_API_SEAL);
  return [
    {
      name: 'proxies-upstream-deliver',
      cron: '* * * * *',
      run: async () => {
        // The connection in use now: the one saved on /admin/productapi, else the environment's (ADR 031).
        const connection = backendDepsOf(await loadConnection(db, sealer, config));
        const upstream = createUpstreamDelivery({ db, backend: () => backendFor(UPSTREAM_PROVIDER, connection) });
        await upstream.provisionDue();
        await upstream.syncBandwidthDue();
        await upstream.syncDaysDue();
      },
    },
    { name: 'subscriptions-expire', cron: '* * * * *', run: (now) => jobs.expireDue(now) },
    { name: 'subscriptions-deplete', cron: '* * * * *', run: (now) => jobs.markDepleted(now) },
    { name: 'subscriptions-auto-renew', cron: '*/10 * * * *', run: thenDeliver((now) => jobs.autoRenewDue(now)) },
    { name: 'subscriptions-remind', cron: '17 * * * *', run: thenDeliver((now) => jobs.remindExpiring(now)) },
    {
      name: 'subscriptions-remind-low-bandwidth',
      cron: '*/5 * * * *',
      run: thenDeliver(() => jobs.remindLowBandwidth()),
    },
    { name: 'notices-deliver', cron: '* * * * *', run: () => notices.drain() },
    // Security events and sign-ins past the retention setting (ADR 028); staff changes stay.
    { name: 'logs-purge-security-events', cron: '41 3 * * *', run: (now) => purgeExpiredSecurityEvents(db, now) },
    // Back-off buckets quiet for the window hold nothing; unknown logins would otherwise pile up.
    { name: 'sign-in-backoffs-forget', cron: '23 * * * *', run: () => forgetQuietSignInBackoffs(db) },
  ];
}
