import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { endpoints } from '@tollgate/contract/endpoints';
import { buildOpenApi } from '@tollgate/contract/openapi';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { createApiKeyGuard, presentedKey, redactApiKeyInUrl } from '#platform/auth/api-keys.ts';
import { createAuthenticator, signedInAs } from '#platform/auth/authenticate.ts';
import { createSessionCache } from '#platform/auth/session-cache.ts';
import { createAnswerCache } from '#platform/cache/answer-cache.ts';
import { createChangeFeed } from '#platform/cache/change-feed.ts';
import { createTokenService } from '#platform/auth/tokens.ts';
import type { Config } from '#platform/config/env.ts';
import type { Database } from '#platform/db/client.ts';
import { loggableError } from '#platform/db/errors.ts';
import { cachedDocument } from '#platform/http/compressed.ts';
import { frameworkError, installErrorHandler } from '#platform/http/error-handler.ts';
import {
  CONNECTION_TIMEOUTS,
  limitConnectionsPerAddress,
  SERVER_TIMEOUTS,
  trustedProxyMatcher,
} from '#platform/http/connection-limits.ts';
import { registerRoutes } from '#platform/http/routes.ts';
import { createRefusalCounter } from '#platform/http/refusal-counter.ts';
import { installRequestContext } from '#platform/http/request-context.ts';
import { installSecurityHeaders } from '#platform/http/security-headers.ts';
import { installSpa } from '#platform/http/spa.ts';
import { guidesSitemap, installPublicSite, publicPagesSitemap } from '#platform/http/public-site.ts';
import { legalTexts } from '#platform/legal/legal-texts.ts';
import multipart from '@fastify/multipart';
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
import { resellersModule } from '#modules/resellers/resellers.routes.ts';
import { programmeMembership } from '#modules/resellers/reseller-programme.service.ts';
import { resellerPlanOwner } from '#modules/resellers/sub-user-plans.repository.ts';
import { publicBaseUrl } from '#platform/http/app-url.ts';
import { applyBalanceChange } from '#modules/staff-accounts/balance.service.ts';
import { changeRequestsRoutes } from '#modules/approvals/change-requests.routes.ts';
import { generalLogsRoutes } from '#modules/general-logs/general-logs.routes.ts';
import { checkoutRoutes } from '#modules/checkout/checkout.routes.ts';
import { createPurchaseService } from '#modules/checkout/purchase.service.ts';
import { createRenewService } from '#modules/checkout/renew.service.ts';
import { installPaymentWebhooks } from '#modules/checkout/webhooks.routes.ts';
import { createPaymentVerifier } from '#modules/checkout/payment-verifier.ts';
import { plansModule } from '#modules/plans/plans.routes.ts';
import { proxiesRoutes } from '#modules/proxies/proxies.routes.ts';
import * as subscriptionView from '#modules/subscriptions/subscription-view.ts';
import { toStaffSubscription } from '#modules/subscriptions/staff-view.ts';
import { toInvoice } from '#modules/checkout/invoice-view.ts';
import { staffGrants } from '#modules/subscriptions/staff-grants.ts';
import { subscriptionsRoutes } from '#modules/subscriptions/subscriptions.routes.ts';
import { createLandingService } from '#modules/settings/landing.service.ts';
import { settingsRoutes } from '#modules/settings/settings.routes.ts';
import { statisticsRoutes } from '#modules/statistics/statistics.routes.ts';
import { suggestionsRoutes } from '#modules/suggestions/suggestions.routes.ts';
import { ticketsModule } from '#modules/tickets/tickets.routes.ts';
import { blogModule } from '#modules/blog/blog.routes.ts';
import { blogSitemap } from '#modules/blog/blog.service.ts';
import { createScheduler } from '#platform/jobs/scheduler.ts';
import { mailSenderRoutes } from '#modules/mail-sender/mail-sender.routes.ts';
import { automationRoutes } from '#modules/automation/automation.routes.ts';
import { createAutomation, type Automation } from '#modules/automation/automation.ts';
import { createCallbackHandler, type CardSaved } from '#modules/checkout/payment-callbacks.ts';
import { createMoneyBackService } from '#modules/checkout/money-back.service.ts';
import type { OnRefund } from '#modules/checkout/refund.service.ts';
import { createLoyaltyService } from '#modules/loyalty/loyalty.service.ts';
import { createSavedCardDeposits } from '#modules/checkout/saved-card-deposits.ts';
import { createReferralsService } from '#modules/referrals/referrals.service.ts';
import { referralsRoutes } from '#modules/referrals/referrals.routes.ts';
import { loyaltyRoutes } from '#modules/loyalty/loyalty.routes.ts';
import { createPartnersService } from '#modules/partners/partners.service.ts';
import { partnersRoutes } from '#modules/partners/partners.routes.ts';
import { giftsRoutes } from '#modules/gifts/gifts.routes.ts';
import { givePlan } from '#modules/subscriptions/staff-grants.ts';
import {
  campaignDeliveryFrom,
  campaignLinksFrom,
  checkoutDepsFrom,
  noticeDeliveryFrom,
  scheduledJobs,
} from './compose';
import { backendFor } from '#platform/proxy-backends/select.ts';
import { productsRoutes } from '#modules/products/products.routes.ts';
import { createTypesConfigReader } from '#platform/products/types-config.ts';
import { backendDepsOf, createConnectionHolder, PRODUCT_API_SEAL } from '#platform/products/upstream-connection.ts';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Composition root: builds the HTTP app on an opened, migrated database. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.NODE_ENV === 'test'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
            // Logs name the statement that failed, never the values it carried (logins, e-mails).
            serializers: {
              err: (error: Error) => loggableError(error),
              // Fastify's own fields, with an API key given in the query (ADR 038) blanked out.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactApiKeyInUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    trustProxy: config.trustProxy,
    ...CONNECTION_TIMEOUTS,
    http: SERVER_TIMEOUTS,
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkError,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  limitConnectionsPerAddress(app.server, {
    perAddress: config.HTTP_MAX_CONNECTIONS_PER_IP,
    exempt: trustedProxyMatcher(config.trustProxy),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are about someone (balances, proxy passwords): no browser or proxy keeps a copy.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  installErrorHandler(app);
  // Audit rows and security events learn the client's IP from here (ADR 028).
  installRequestContext(app);
  installSecurityHeaders(app, { production: config.isProduction, google: Boolean(config.GOOGLE_CLIENT_ID) });
  // One file per request, capped a little above the largest upload any endpoint accepts.
  const largestUpload = Math.max(...endpoints.map((e) => e.multipart?.maxBytes ?? 0));
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: largestUpload + 1 } });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tollgate-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: 429, retryAfter: context.after }),
  });

  const { db } = database;
  const tokens = createTokenService(config.JWT_SECRET);
  // Sessions, accounts and settings are cached per process and dropped on the database's word (ADR 024).
  const changes = createChangeFeed();
  const sessionCache = createSessionCache(changes);
  // Customers' ready dashboard and usage answers, on the same feed (migration 0026's `u:` kind).
  const answers = createAnswerCache(changes);
  await changes.start(database);
  app.addHook('onClose', () => changes.stop());
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
  const landingService = createLandingService({
    db,
    changes,
    siteName: config.SITE_NAME,
    links: {
      extensionStore: config.EXTENSION_STORE_URL,
      resellerDashboard: config.RESELLER_DASHBOARD_URL,
      ...(config.GUIDE_VIDEO_URL ? { walkthroughVideo: config.GUIDE_VIDEO_URL } : {}),
    },
    log: app.log,
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
  const notices = noticeDeliveryFrom(config, db, mailer);
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
  const referrals = createReferralsService({ db, publicUrl: publicBaseUrl(config) });
  const loyalty = createLoyaltyService({ db });
  const onRefund: OnRefund = async (tx, invoiceId, reason) => {
    await referrals.reverseForInvoice(tx, invoiceId, reason);
    await loyalty.takeBackAfterRefund(tx, invoiceId, reason);
  };
  const moneyBack = createMoneyBackService({ db, onRefund, onReinstate: referrals.restoreForInvoice });
  await installPaymentWebhooks(app, { ...checkout, siteName: config.SITE_NAME, cardSaved, moneyBack });

  const partners = createPartnersService({ db, publicUrl: publicBaseUrl(config) });

  const mail = mailTemplates(config.SITE_NAME);
  // Two-factor secrets: sealed by sign-in's setup, opened again to confirm an account's deletion.
  const totpSealer = createSealer(config.JWT_SECRET, 'totp-secret');
  const onSignUp: SignUpHook = async (signUp) => {
    await referrals.attribute({
      accountId: signUp.accountId,
      email: signUp.email,
      code: signUp.referralCode,
      ip: signUp.ip,
      deviceAccounts: signUp.deviceAccounts,
    });
    await partners.attribute(signUp);
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
  });
  // Resellers are accounts: deleting one is the profile module's deletion, passed in rather than imported.
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
  registerRoutes(app, {
    endpoints,
    routes: [
      ...settingsRoutes({ db, landingService, exitCheckUrl: config.EXIT_CHECK_URL }),
      ...auth.routes,
      ...profile.routes,
      ...staffAccounts.routes,
      ...resellersModule({
        db,
        mailer,
        siteName: config.SITE_NAME,
        publicUrl: publicBaseUrl(config),
        log: app.log,
        deleteAccount: (actor, userId, reason) => profile.deletion.deleteByStaff(actor, userId, reason),
        // The reseller API buys through the checkout's own purchase (ADR 021, 041).
        typesConfig,
        resell: createPurchaseService(checkout).resell,
        changes: createRenewService(checkout),
      }),
      ...plansModule({ db, changes, typesConfig }),
      ...checkoutRoutes({ ...checkout, onRefund }),
      ...referralsRoutes(referrals),
      ...loyaltyRoutes(loyalty),
      ...partnersRoutes(partners, { secret: config.JWT_SECRET, secureCookie: config.isProduction }),
      ...giftsRoutes({ db, givePlan }),
      ...suggestionsRoutes({ db }),
      ...generalLogsRoutes({ db }),
      ...statisticsRoutes({ db }),
      ...subscriptionsRoutes({
        db,
        verifyPayment: createPaymentVerifier(checkout),
        announcements: async () => (await landingService.announcements()).announcements,
      }),
      ...changeRequestsRoutes({
        db,
        appliers: { balance: applyBalanceChange, bandwidth: staffGrants.addBandwidth, days: staffGrants.shiftTime },
        log: app.log,
      }),
      ...proxiesRoutes({
        db,
        config,
        subscriptionView,
        backendFor: backendOf,
        typesConfig,
        changes,
        resellerPlanOwner: resellerPlanOwner(db),
      }),
      ...blogModule({ db, uploads }),
      ...productsRoutes({
        db,
        sealer: upstreamSealer,
        env: config,
        holder: upstream,
        upstreamConfigured: () => upstream.current() !== null,
      }),
      ...ticketsModule({
        db,
        mailer,
        mail: mailTemplates(config.SITE_NAME),
        publicUrl: publicBaseUrl(config),
        log: app.log,
        afterAnswer,
      }),
      ...automationRoutes(automation),
      ...mailSenderRoutes({
        db,
        mailer,
        siteName: config.SITE_NAME,
        links: campaignLinksFrom(config),
        kick: () => void campaigns.kick(),
      }),
    ],
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
      await scheduler.start([...scheduledJobs(config, db, mailer), campaignJob, automationJob]);
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
    sources: [publicPagesSitemap, guidesSitemap, blogSitemap(db)],
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
  }
}
