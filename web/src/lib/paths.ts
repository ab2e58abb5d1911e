/** Every route path of the web app, so links and the router never disagree. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  forgotPasswordSent: '/forgot-password-link-sent-successfully',
  changePassword: '/change-password/:resetPasswordToken',
  passwordChanged: '/password-changed-successfully',
  twoStepVerification: '/2-step-verification/:twoFactorToken',
  verifyEmail: '/verify-email',
  verifyEmailProcess: '/verify-email/process/:verifyToken',
  verifyAccountConversion: '/verify-account-conversion/:verifyToken',
  emailSubscriptionCancel: '/email-subscription/cancel',
  faqs: '/faqs',
  status: '/status',
  cookiePolicy: '/cookie-policy',
  privacyPolicyExtension: '/privacy-policy-extension',
  pricing: '/pricing',
  terms: '/terms',
  acceptableUse: '/acceptable-use',
  serverError: '/500',
  guides: '/guide',
  guide: '/guide/:slug',
  /** Where /guide lands (the contract's EXTENSION_GUIDE_SLUG; guides.test.ts keeps them equal). */
  extensionGuide: '/guide/tollgate-extension',
  blog: '/blog',
  /** A post by id or slug (spec §2 /blog/{id}); links use the slug. */
  blogPost: '/blog/:id',

  dashboard: '/dashboard',
  faq: '/faq',
  apiDocs: '/api-docs',
  /** The reseller API's documentation: its overview; each call's page is below it (public). */
  resellerDocs: '/reseller',
  topup: '/topup',
  myProfile: '/my-profile',
  plans: '/plans',
  purchasePlan: '/purchase-plan',
  purchasePlanFor: '/purchase-plan/:planId/:value',
  paymentSuccess: '/dashboard/payment-success/:subscriptionId',
  paymentFailed: '/dashboard/payment-failed',
  invoices: '/invoices',
  bill: '/bill/:subscriptionId',
  /** One invoice number as its own document (the bill lists a plan's invoices). */
  invoice: '/invoice/:invoiceId',
  myCoupons: '/my-coupons',
  tickets: '/ticket',
  ticket: '/ticket/:id',
  generator: '/generator/:subscriptionId',
  /** The same generator page under the dashboard (spec §1). */
  dashboardGenerator: '/dashboard/generator/:subscriptionId',
  proxyUsage: '/proxy-usage',
  /** The reseller programme on the customer's own account (ADR 042). */
  resellerDashboard: '/dashboard/reseller-dashboard',
  subuserManagement: '/subuser-management',
  /**
   * The reseller panel of reseller=1 API accounts (ADR 044), below the public API documentation of
   * /reseller; the contract's RESELLER_PANEL_PATH is its root (paths.test.ts keeps them equal).
   */
  resellerPanel: {
    root: '/reseller/panel',
    orders: '/reseller/panel/orders',
    subUsers: '/reseller/panel/sub-users',
    subUser: '/reseller/panel/sub-users/:id',
    apiKey: '/reseller/panel/api-key',
  },
  adminBill: '/adminbill/:subscriptionId',
  adminInvoice: '/admininvoice/:invoiceId',

  /** Where the staff areas start; every other staff path is in staff-paths.ts, off the home page's bundle. */
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
  },
  support: {
    root: '/support',
    trialpage: '/support/trialpage',
  },
} as const;

/** Spec §2: marketing paths of the old site that now land on the home page. */
export const MARKETING_REDIRECTS = [
  ...['usa', 'germany', 'uk', 'canada', 'china'].map((slug) => `/location-proxy/${slug}`),
  ...['web-scraping', 'serp-monitoring', 'brand-protection', 'market-research', 'ad-verification'].map(
    (slug) => `/use-cases/${slug}`,
  ),
  ...['residential-proxies', 'rotating-datacenter-proxies', 'static-isp-proxies', 'rotating-ipv6-proxies'].map(
    (slug) => `/products/${slug}`,
  ),
];

export function loginPath(next?: string): string {
  return next && next !== '/' ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login;
}

/** Only same-site paths are accepted as a post-login target (no open redirect). */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export function registerPath(next?: string | null): string {
  return next ? `${paths.register}?next=${encodeURIComponent(next)}` : paths.register;
}

/** `/purchase-plan/<id>/<amount>`: the purchase page with the amount chosen on the pricing page. */
export function purchasePath(planId: string, value: number): string {
  return `/purchase-plan/${encodeURIComponent(planId)}/${value}`;
}
