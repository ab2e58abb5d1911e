import { endpoints } from '@tollgate/contract/endpoints';
import { buildOpenApi } from '@tollgate/contract/openapi';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createApiKeyGuard, presentedKey } from '#platform/auth/api-keys.ts';
import { createAuthenticator, signedInAs } from '#platform/auth/authenticate.ts';
import { createSessionCache } from '#platform/auth/session-cache.ts';
import { createAnswerCache } from '#platform/cache/answer-cache.ts';
import { createChangeFeed } from '#platform/cache/change-feed.ts';
import { createTokenService } from '#platform/auth/tokens.ts';
import type { Config } from '#platform/config/env.ts';
import type { Database } from '#platform/db/client.ts';
import { cachedDocument } from '#platform/http/compressed.ts';
import { registerRoutes } from '#platform/http/routes.ts';
import { createHttpServer } from '#platform/http/server.ts';
import type { AppModule } from '#platform/module.ts';
import { createRefusalCounter } from '#platform/http/refusal-counter.ts';
import { installSpa } from '#platform/http/spa.ts';
import { installShopMetrics, type ShopMetrics } from '#platform/metrics/shop-metrics.ts';
import { guidesSitemap, installPublicSite, publicPagesSitemap } from '#platform/http/public-site.ts';
import { legalTexts } from '#platform/legal/legal-texts.ts';
import { createSealer } from '#platform/auth/sealed.ts';
import { installDevMailbox } from '#platform/mail/dev-mailbox.ts';
import { createAfterAnswer } from '#platform/jobs/after-answer.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { mailTemplates } from '#platform/mail/templates.ts';
import { createUploads } from '#platform/storage/uploads.ts';
import { authModule } from '#modules/auth/auth.module.ts';
import type { SignUpHook } from '#modules/auth/auth.deps.ts';
import { profileModule } from '#modules/profile/profile.module.ts';
import { staffAccountsModule } from '#modules/staff-accounts/staff-accounts.module.ts';
import { resellersModule } from '#modules/resellers/resellers.module.ts';
import { programmeMembership } from '#modules/resellers/reseller-programme.service.ts';
import { resellerPlanOwner } from '#modules/resellers/sub-user-plans.repository.ts';
import { publicBaseUrl } from '#platform/http/app-url.ts';
import { applyBalanceChange } from '#modules/staff-accounts/balance.service.ts';
import { approvalsModule } from '#modules/approvals/approvals.module.ts';
import { generalLogsModule } from '#modules/general-logs/general-logs.module.ts';
import { checkoutModule } from '#modules/checkout/checkout.module.ts';
import { createOrderSteps } from '#modules/checkout/order-steps.ts';
import { createRenewService } from '#modules/checkout/renew.service.ts';
import { installPaymentWebhooks } from '#modules/checkout/webhooks.routes.ts';
import { createPaymentVerifier } from '#modules/checkout/payment-verifier.ts';
import { plansModule } from '#modules/plans/plans.module.ts';
import { proxiesModule } from '#modules/proxies/proxies.module.ts';
import * as subscriptionView from '#modules/subscriptions/subscription-view.ts';
import { toStaffSubscription } from '#modules/subscriptions/staff-view.ts';
import { toInvoice } from '#modules/checkout/invoice-view.ts';
import { staffGrants } from '#modules/subscriptions/staff-grants.ts';
import { subscriptionsModule } from '#modules/subscriptions/subscriptions.module.ts';
import { settingsModule } from '#modules/settings/settings.module.ts';
import { statisticsModule } from '#modules/statistics/statistics.module.ts';
import { suggestionsModule } from '#modules/suggestions/suggestions.module.ts';
import { ticketsModule } from '#modules/tickets/tickets.module.ts';
import { blogModule } from '#modules/blog/blog.module.ts';
import { createScheduler, queueBacklog } from '#platform/jobs/scheduler.ts';
import { mailSenderModule } from '#modules/mail-sender/mail-sender.module.ts';
import { automationModule } from '#modules/automation/automation.module.ts';
import { createAutomation, type Automation } from '#modules/automation/automation.ts';
import { createCallbackHandler, type CardSaved } from '#modules/checkout/payment-callbacks.ts';
import { createMoneyBackService } from '#modules/checkout/money-back.service.ts';
import type { OnRefund } from '#modules/checkout/refund.service.ts';
import { loyaltyModule } from '#modules/loyalty/loyalty.module.ts';
import { createSavedCardDeposits } from '#modules/checkout/saved-card-deposits.ts';
import { referralsModule } from '#modules/referrals/referrals.module.ts';
import { partnersModule } from '#modules/partners/partners.module.ts';
import { giftsModule } from '#modules/gifts/gifts.module.ts';
import { noticesModule } from '#modules/notices/notices.module.ts';
import { systemModule } from '#modules/system/system.module.ts';
import { startHeartbeat } from '#modules/system/heartbeat.ts';
import { givePlan } from '#modules/subscriptions/staff-grants.ts';
import {
  campaignDeliveryFrom,
  campaignLinksFrom,
  checkoutDepsFrom,
  noticeDeliveryFrom,
  subscriptionJobsFrom,
} from './compose';
import { backendFor } from '#platform/proxy-backends/select.ts';
import { productsModule } from '#modules/products/products.module.ts';
import { createTypesConfigReader } from '#platform/products/types-config.ts';
import { backendDepsOf, createConnectionHolder, PRODUCT_API_SEAL } from '#platform/products/upstream-connection.ts';

/** Composition root: builds the HTTP app on an opened, migrated database. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const { app, redis } = await createHttpServer(config);

  const { db } = database;
  const tokens = createTokenService(config.JWT_SECRET);
  // Sessions, accounts and settings are cached per process and dropped on the database's word (ADR 024).
  const changes = createChangeFeed();
  const sessionCache = createSessionCache(changes);
  // Customers' ready dashboard and usage answers, on the same feed (migration 0026's `u:` kind).
  const answers = createAnswerCache(changes);
  await changes.start(database);
  app.addHook('onClose', () => changes.stop());
  // Prometheus' view of this instance (and of the gateway main.ts starts beside it), behind METRICS_TOKEN.
  const metrics = installShopMetrics(app, database, changes, config.METRICS_TOKEN);
  // A customer who just changed something reads it back at once, not after the NOTIFY round trip:
  // their own cached account goes before the answer does. A staff write may concern anything cached.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    const auth = signedInAs(request);
    if (auth?.principal === 'User' || auth?.principal === 'Reseller')
      changes.accountWrote(auth.accountId, { byKey: presentedKey(request, true) !== null });
    else if (auth) changes.dropAll();
    return payload;
  });
  const settings = settingsModule({
    db,
    changes,
    siteName: config.SITE_NAME,
    links: {
      extensionStore: config.EXTENSION_STORE_URL,
      resellerDashboard: config.RESELLER_DASHBOARD_URL,
      ...(config.GUIDE_VIDEO_URL ? { walkthroughVideo: config.GUIDE_VIDEO_URL } : {}),
    },
    log: app.log,
    exitCheckUrl: config.EXIT_CHECK_URL,
  });
  const mailer = createMailer({ mailUrl: config.MAIL_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR });
  const afterAnswer = createAfterAnswer(app.log);
  app.decorate('afterAnswer', afterAnswer);
  // Registered before the database closes: the mail it may still be sending needs it.
  app.addHook('onClose', () => afterAnswer.settled());
  const uploads = createUploads(config.DATA_DIR);
  uploads.install(app);
  if (!config.isProduction && mailer.outbox) installDevMailbox(app, mailer.outbox);

  // A change that succeeded may have left receipts or notices (ADR 019): they go out right after the
  // answer, and the jobs' sweep takes whatever a crash or a mail failure left behind.
  const notices = noticesModule(noticeDeliveryFrom(config, db, mailer));
  // A customer's change may cross one of their alerts or their auto top-up threshold (ADR 034): checked
  // after the answer, before the notices it may leave are delivered.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400 || !request.url.startsWith('/api/')) return;
    const accountId = signedInAs(request)?.accountId;
    afterAnswer.run(
      'notices',
      async () => {
        if (accountId) await app.automation.afterChange(accountId);
        await notices.drain();
      },
      Promise.resolve(),
    );
  });

  // RFC 8058 one-click unsubscribe arrives form-encoded (`List-Unsubscribe=One-Click`).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // News campaigns: stopped before the database closes, the mail in hand finished and marked.
  const campaigns = campaignDeliveryFrom(config, db, mailer, app.log);
  app.addHook('onClose', () => campaigns.stop());

  // How each type is sold and which upstream provider delivers: settings rows every instance
  // follows through the change feed (ADR 031).
  const typesConfig = createTypesConfigReader({ db, changes });
  const upstreamSealer = createSealer(config.JWT_SECRET, PRODUCT_API_SEAL);
  const upstream = createConnectionHolder({ db, sealer: upstreamSealer, env: config, changes, log: app.log });
  await upstream.refresh();
  app.addHook('onClose', async () => upstream.stop());
  const backendOf = (provider: string) => backendFor(provider, backendDepsOf(upstream.current()));

  const checkout = checkoutDepsFrom(config, db, typesConfig);
  // Auto top-up saves cards through the payment webhook and charges them as deposits (ADR 034).
  const cardSaved: CardSaved = (provider, setupId, card) => automation.autoTopup.cardSaved(provider, setupId, card);
  const automation: Automation = createAutomation({
    db,
    sealer: createSealer(config.JWT_SECRET, 'webhook-secret'),
    policy: { allowPrivate: !config.isProduction },
    deposits: createSavedCardDeposits(checkout, createCallbackHandler(checkout, cardSaved)),
    publicUrl: publicBaseUrl(config),
    log: app.log,
    changes,
  });
  app.addHook('onClose', () => automation.delivery.stop());
  app.decorate('automation', {
    ...automation,
    // A flush's alerts are written at once; their mail and webhooks leave beside the gateway's work.
    async afterFlush(subscriptionIds: readonly string[]) {
      if (!(await automation.afterUsage(subscriptionIds))) return;
      afterAnswer.run(
        'alerts',
        async () => {
          await automation.delivery.drain();
          await notices.drain();
        },
        Promise.resolve(),
      );
    },
  });
  // Growth (issue 16): who brought whom, and what a refund takes back (ADR 032, 036, 039).
  const referrals = referralsModule({ db, publicUrl: publicBaseUrl(config) });
  const loyalty = loyaltyModule({ db });
  const onRefund: OnRefund = async (tx, invoiceId, reason) => {
    await referrals.service.reverseForInvoice(tx, invoiceId, reason);
    await loyalty.service.takeBackAfterRefund(tx, invoiceId, reason);
  };
  const moneyBack = createMoneyBackService({ db, onRefund, onReinstate: referrals.service.restoreForInvoice });
  await installPaymentWebhooks(app, {
    ...checkout,
    siteName: config.SITE_NAME,
    cardSaved,
    moneyBack,
    counted: metrics.payment,
  });

  const partners = partnersModule({
    db,
    publicUrl: publicBaseUrl(config),
    secret: config.JWT_SECRET,
    secureCookie: config.isProduction,
  });

  const mail = mailTemplates(config.SITE_NAME);
  // Two-factor secrets: sealed by sign-in's setup, opened again to confirm an account's deletion.
  const totpSealer = createSealer(config.JWT_SECRET, 'totp-secret');
  const onSignUp: SignUpHook = async (signUp) => {
    await referrals.service.attribute({
      accountId: signUp.accountId,
      email: signUp.email,
      code: signUp.referralCode,
      ip: signUp.ip,
      deviceAccounts: signUp.deviceAccounts,
    });
    await partners.service.attribute(signUp);
  };
  const auth = authModule({
    db,
    config,
    mailer,
    mail,
    tokens,
    sealer: totpSealer,
    log: app.log,
    afterAnswer,
    onSignUp,
    signInRefused: metrics.signInRefused,
  });
  const profile = profileModule({
    db,
    config,
    mailer,
    mail,
    uploads,
    sealer: totpSealer,
  });
  const staffAccounts = staffAccountsModule({
    db,
    mailer,
    mail,
    uploads,
    log: app.log,
    views: { invoice: toInvoice, staffSubscription: toStaffSubscription },
    publicUrl: publicBaseUrl(config),
    avatar: profile.avatar,
  });
  // ADR 042: who is a programme member, asked by the key guard and by registerRoutes' session acting.
  const isProgrammeMember = programmeMembership(db);
  const blog = blogModule({ db, uploads });
  const modules: AppModule[] = [
    notices,
    settings,
    auth,
    profile,
    staffAccounts,
    resellersModule({
      db,
      mailer,
      siteName: config.SITE_NAME,
      publicUrl: publicBaseUrl(config),
      log: app.log,
      // Resellers are accounts: deleting one is the profile module's deletion, passed in rather than imported.
      deleteAccount: (actor, userId, reason) => profile.deletion.deleteByStaff(actor, userId, reason),
      // The reseller API buys through the checkout's own purchase (ADR 021, 041).
      typesConfig,
      orderSteps: createOrderSteps(checkout),
      changes: createRenewService(checkout),
    }),
    plansModule({ db, changes, typesConfig }),
    checkoutModule({ ...checkout, onRefund }),
    referrals,
    loyalty,
    partners,
    giftsModule({ db, givePlan }),
    suggestionsModule({ db }),
    generalLogsModule({ db }),
    systemModule({ db, dialect: database.dialect, queues: () => queueBacklog(database), metrics }),
    statisticsModule({ db }),
    subscriptionsModule({
      db,
      verifyPayment: createPaymentVerifier(checkout),
      announcements: settings.announcements,
      jobs: subscriptionJobsFrom(config, db, mailer),
      deliverNotices: () => notices.drain(),
    }),
    approvalsModule({
      db,
      appliers: { balance: applyBalanceChange, bandwidth: staffGrants.addBandwidth, days: staffGrants.shiftTime },
      log: app.log,
    }),
    proxiesModule({
      db,
      config,
      subscriptionView,
      backendFor: backendOf,
      typesConfig,
      changes,
      resellerPlanOwner: resellerPlanOwner(db),
      upstreamSealer,
      env: config,
    }),
    blog,
    productsModule({
      db,
      sealer: upstreamSealer,
      env: config,
      holder: upstream,
      upstreamConfigured: () => upstream.current() !== null,
    }),
    ticketsModule({
      db,
      mailer,
      mail,
      publicUrl: publicBaseUrl(config),
      log: app.log,
      afterAnswer,
    }),
    automationModule(automation),
    mailSenderModule({
      db,
      mailer,
      siteName: config.SITE_NAME,
      links: campaignLinksFrom(config),
      kick: () => void campaigns.kick(),
    }),
  ];
  for (const hooks of modules.map((module) => module.hooks)) {
    if (hooks?.onReady) app.addHook('onReady', hooks.onReady);
    if (hooks?.onClose) app.addHook('onClose', hooks.onClose);
  }
  registerRoutes(app, {
    endpoints,
    routes: modules.flatMap((module) => module.routes),
    authorize: createAuthenticator({ db, tokens, sessions: sessionCache }),
    authorizeKey: createApiKeyGuard({ db, isProgrammeMember, changes }),
    isProgrammeMember,
    validateResponses: config.validateResponses,
    refusals: createRefusalCounter(redis),
    answers,
  });

  // 2.7 MB of JSON (every call with its refusals): built and compressed on the first request, not at start-up.
  const openApi = cachedDocument(
    () =>
      JSON.stringify(
        buildOpenApi(endpoints, { version: '1', ...(config.PUBLIC_URL ? { serverUrl: config.PUBLIC_URL } : {}) }),
      ),
    'application/json',
  );
  app.get('/api/v1/openapi.json', openApi);
  // This instance on the system page; a clean stop takes it off before the database closes.
  const heartbeat = startHeartbeat(db, 'shop', undefined, app.log);
  app.addHook('onClose', () => heartbeat.stop());
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    await database.db.execute(sql`select 1`);
    return reply.send({ status: 'ready' });
  });

  if (config.jobsEnabled) {
    const scheduler = createScheduler(database, app.log);
    const campaignJob = { name: 'mail-campaigns-deliver', cron: '* * * * *', run: async () => void campaigns.kick() };
    // Alerts over time (days left, staff balance changes), auto top-ups due, webhook retries due.
    const automationJob = {
      name: 'automation-sweep',
      cron: '* * * * *',
      run: async () => {
        await automation.sweep();
        await notices.drain();
      },
    };
    app.addHook('onReady', async () => {
      await scheduler.start([...modules.flatMap((module) => module.jobs ?? []), campaignJob, automationJob]);
      // A campaign a restart interrupted resumes at once, not at the next minute's sweep.
      void campaigns.kick();
    });
    app.addHook('onClose', () => scheduler.stop());
  }

  // One sitemap source per part of the site that has pages of its own .
  const unedited = (document: 'cookie-policy' | 'privacy-policy-extension') => async () =>
    (await legalTexts.read(db, document)).updatedAt === null;
  installPublicSite(app, {
    origin: publicBaseUrl(config),
    distDir: config.webDistDir,
    sources: [publicPagesSitemap, guidesSitemap, blog.sitemap],
    // Prerendered with the shipped texts: once an operator edits one, its page renders in the browser.
    fresh: {
      '/cookie-policy': unedited('cookie-policy'),
      '/privacy-policy-extension': unedited('privacy-policy-extension'),
    },
  });
  await installSpa(app, config.webDistDir);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts, webhooks, auto top-up, rotation links: the gateway and tests reach them here. */
    automation: Automation & { afterFlush(subscriptionIds: readonly string[]): Promise<void> };
    /** This instance's metrics registry and counters; the built-in gateway registers its own in it. */
    metrics: ShopMetrics;
  }
}
