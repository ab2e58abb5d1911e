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
import { proxiesJobs } from '#modules/proxies/proxies.jobs.ts';
import { subscriptionsJobs } from '#modules/subscriptions/subscriptions.jobs.ts';
import { authJobs } from '#modules/auth/auth.jobs.ts';
import { generalLogsJobs } from '#modules/general-logs/general-logs.jobs.ts';
import { publicBaseUrl } from '#platform/http/app-url.ts';
import { createSealer } from '#platform/auth/sealed.ts';
import { readTypesConfig, type TypesConfigReader } from '#platform/products/types-config.ts';
import { noticesJob } from '#modules/notices/notices.module.ts';
import { PRODUCT_API_SEAL } from '#platform/products/upstream-connection.ts';

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

/**
 * Every scheduled job, for the CLI's `jobs run` (the app takes the same ones from its modules' `jobs`,
 * beside the campaigns and automation sweeps it keeps in app.ts).
 */
export function scheduledJobs(config: Config, db: Db, mailer: Mailer): ScheduledJob[] {
  const notices = noticeDeliveryFrom(config, db, mailer);
  return [
    ...proxiesJobs({ db, sealer: createSealer(config.JWT_SECRET, PRODUCT_API_SEAL), env: config }),
    ...subscriptionsJobs(subscriptionJobsFrom(config, db, mailer), () => notices.drain()),
    noticesJob(notices),
    ...generalLogsJobs(db),
    ...authJobs(db),
  ];
}
