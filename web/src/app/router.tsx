import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PUBLIC_LAYOUT_ID } from '#features/site/api/get-landing.ts';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { MARKETING_REDIRECTS, paths } from '#lib/paths.ts';
import { EARLY_READS, sendEarlyReads, type EarlyHandle } from './early-reads.ts';
import { lazyRoute } from './lazy.ts';
import { NOT_FOUND_HANDLE } from './route-patterns.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { guarded, page, signedIn, type RouteHandle } from './route-helpers.tsx';
import { STAFF_AREAS, staffPlaceholder, staffRoutePatcher } from './staff-area.ts';

const CUSTOMER_API_DOCS = [
  '/customer-proxy-list',
  '/customer-proxy-info',
  '/customer-proxy-whitelist',
  '/customer-proxy-location',
  '/publicapi-usage-logs',
];

// The reseller programme's two pages (ADR 042): one lazy module, so the entry carries one import.
const resellerProgramme = () => import('#features/reseller-programme/pages/programme-page.tsx');

const resellerPanel = () => import('#features/reseller-programme/pages/panel-page.tsx');
const panelPage = (handle: RouteHandle) => ({ lazy: lazyRoute(resellerPanel), handle });

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...MARKETING_REDIRECTS.map((path) => ({ path, loader: () => redirect(paths.home) })),
      { path: paths.guides, loader: () => redirect(paths.extensionGuide) },
      {
        lazy: lazyRoute(() => import('./query-layout.tsx')),
        children: [
          {
            // Public pages of the account flows: lazy, so zod and the query cache stay off `/`.
            lazy: lazyRoute(() => import('./layouts/auth-layout.tsx')),
            children: [
              guarded([
                page(paths.login, () => import('#features/auth/pages/login-page.tsx')),
                page(paths.register, () => import('#features/auth/pages/register-page.tsx')),
                page(paths.verifyEmail, () => import('#features/auth/pages/verify-email-page.tsx')),
                page(paths.verifyEmailProcess, () => import('#features/auth/pages/verify-email-process-page.tsx')),
                page(paths.forgotPassword, () => import('#features/auth/pages/forgot-password-page.tsx')),
                page(paths.forgotPasswordSent, () => import('#features/auth/pages/forgot-password-sent-page.tsx')),
                page(paths.changePassword, () => import('#features/auth/pages/change-password-page.tsx')),
                page(paths.passwordChanged, () => import('#features/auth/pages/password-changed-page.tsx')),
                page(paths.twoStepVerification, () => import('#features/auth/pages/two-step-verification-page.tsx')),
                page(
                  paths.verifyAccountConversion,
                  () => import('#features/auth/pages/verify-account-conversion-page.tsx'),
                ),
                page(
                  paths.emailSubscriptionCancel,
                  () => import('#features/auth/pages/email-subscription-cancel-page.tsx'),
                ),
              ]),
            ],
          },
          {
            lazy: lazyRoute(() => import('./layouts/customer-layout.tsx')),
            handle: signedIn,
            children: [
              guarded([
                page(paths.dashboard, () => import('#features/dashboard/pages/dashboard-page.tsx'), {
                  title: 'Dashboard',
                  section: 'Main menu',
                  early: [EARLY_READS.dashboard],
                }),
                page(paths.faq, () => import('#features/site/pages/faq-page.tsx'), {
                  title: 'FAQs',
                  section: 'Support',
                }),
                page(paths.apiDocs, () => import('#features/api-docs/pages/api-docs-page.tsx'), {
                  title: 'API docs',
                  section: 'Reseller',
                }),
                page(paths.resellerDashboard, resellerProgramme, { title: 'Reseller dashboard', section: 'Reseller' }),
                page(paths.subuserManagement, resellerProgramme, { title: 'Sub-users', section: 'Reseller' }),
                page(paths.myProfile, () => import('#features/profile/pages/my-profile-page.tsx'), {
                  title: 'Settings',
                  section: 'Account',
                }),
                page(paths.plans, () => import('#features/plans/pages/plans-page.tsx'), {
                  title: 'Plans',
                  section: 'Main menu',
                }),
                page(paths.purchasePlan, () => import('#features/plans/pages/purchase-plan-page.tsx'), {
                  title: 'Purchase plan',
                  section: 'Plans',
                }),
                page(paths.purchasePlanFor, () => import('#features/plans/pages/purchase-page.tsx'), {
                  title: 'Purchase plan',
                  section: 'Plans',
                }),
                page(paths.paymentSuccess, () => import('#features/checkout/pages/payment-success-page.tsx'), {
                  title: 'Payment',
                  section: 'Dashboard',
                }),
                page(paths.paymentFailed, () => import('#features/checkout/pages/payment-failed-page.tsx'), {
                  title: 'Payment failed',
                  section: 'Dashboard',
                }),
                page(paths.topup, () => import('#features/checkout/pages/topup-page.tsx'), {
                  title: 'Deposit Balance',
                  section: 'Main menu',
                }),
                page(paths.invoices, () => import('#features/billing/pages/invoices-page.tsx'), {
                  title: 'Invoices',
                  section: 'Main menu',
                }),
                page(paths.generator, () => import('#features/proxies/pages/generator-page.tsx'), {
                  title: 'Proxy generator',
                  section: 'Dashboard',
                }),
                page(paths.dashboardGenerator, () => import('#features/proxies/pages/generator-page.tsx'), {
                  title: 'Proxy generator',
                  section: 'Dashboard',
                }),
                page(paths.proxyUsage, () => import('#features/proxies/pages/proxy-usage-page.tsx'), {
                  title: 'Proxy usage',
                  section: 'Main menu',
                }),
                page(paths.bill, () => import('#features/billing/pages/bill-page.tsx'), {
                  title: 'Bill',
                  section: 'Invoices',
                }),
                page(paths.invoice, () => import('#features/billing/pages/invoice-page.tsx'), {
                  title: 'Invoice',
                  section: 'Invoices',
                }),
                page(paths.myCoupons, () => import('#features/coupons/pages/my-coupons-page.tsx'), {
                  title: 'My coupons',
                  section: 'Main menu',
                }),
                // /referral and /referral/rewards (loyalty): one route, one lazy module.
                page('/referral/:view?', () => import('#features/referrals/pages/growth-page.tsx'), {
                  title: 'Referrals',
                  section: 'Referrals',
                }),
                page(paths.tickets, () => import('#features/tickets/pages/tickets-page.tsx'), {
                  title: 'Tickets',
                  section: 'Support',
                }),
                page(paths.ticket, () => import('#features/tickets/pages/ticket-page.tsx'), {
                  title: 'Ticket',
                  section: 'Tickets',
                }),
              ]),
            ],
          },
          {
            // The reseller panel of reseller=1 API accounts (ADR 044), below the public docs of /reseller:
            // its static paths outrank the docs' /reseller/*. One lazy module for its pages.
            path: paths.resellerPanel.root,
            lazy: lazyRoute(() => import('./layouts/reseller-layout.tsx')),
            handle: signedIn,
            children: [
              guarded([
                { index: true, ...panelPage({ title: 'Overview', section: 'Reseller panel' }) },
                { path: 'orders', ...panelPage({ title: 'Orders', section: 'Reseller panel' }) },
                { path: 'sub-users', ...panelPage({ title: 'Sub-users', section: 'Reseller panel' }) },
                { path: 'sub-users/:id', ...panelPage({ title: 'Sub-user', section: 'Sub-users' }) },
                { path: 'api-key', ...panelPage({ title: 'API key', section: 'Reseller panel' }) },
                { path: '*', loader: () => redirect(paths.resellerPanel.root) },
              ]),
            ],
          },
          {
            id: STAFF_AREAS.admin,
            path: paths.admin.root,
            lazy: lazyRoute(() => import('./layouts/admin-layout.tsx')),
            handle: signedIn,
            children: [staffPlaceholder('*')],
          },
          {
            // /adminbill/{id} sits outside /admin in the spec but belongs to the same staff area.
            id: STAFF_AREAS.adminDocuments,
            lazy: lazyRoute(() => import('./layouts/admin-layout.tsx')),
            handle: signedIn,
            // Pathless: only its own prefixes, so any other path stays the public 404.
            children: [staffPlaceholder('/adminbill/*', '/admininvoice/*')],
          },
          {
            id: STAFF_AREAS.support,
            path: paths.support.root,
            lazy: lazyRoute(() => import('./layouts/support-layout.tsx')),
            handle: signedIn,
            children: [staffPlaceholder('*')],
          },
        ],
      },
      {
        id: PUBLIC_LAYOUT_ID,
        lazy: lazyRoute(() => import('./layouts/public-layout.tsx')),
        children: [
          guarded([
            { index: true, lazy: lazyRoute(() => import('#features/site/pages/home-page.tsx')) },
            page(paths.faqs, () => import('#features/site/pages/faqs-page.tsx')),
            // /blog and /blog/{id} in one lazy module: one chunk, one entry in the public bundle's map.
            {
              ...page('/blog/:id?', () => import('#features/blog/pages/blog-page.tsx')),
              // A post's read goes out with the entry, not after the page's chunks (ADR 020).
              handle: { earlyPublic: [EARLY_READS.blogPost] } satisfies EarlyHandle,
            },
            page(paths.pricing, () => import('#features/site/pages/pricing-page.tsx')),
            page(paths.terms, () => import('#features/site/pages/terms-page.tsx')),
            page(paths.acceptableUse, () => import('#features/site/pages/acceptable-use-page.tsx')),
            page(paths.status, () => import('#features/site/pages/status-page.tsx')),
            page(paths.cookiePolicy, () => import('#features/site/pages/cookie-policy-page.tsx')),
            page(paths.privacyPolicyExtension, () => import('#features/site/pages/privacy-policy-extension-page.tsx')),
            page(paths.guide, () => import('#features/guides/pages/guide-page.tsx')),
            // The Customer API's documentation (spec §2), one lazy module for the five pages.
            ...CUSTOMER_API_DOCS.map((path) =>
              page(path, () => import('#features/api-docs/pages/customer-api-page.tsx')),
            ),
            // The reseller API's documentation (spec §2): /reseller and every page below it, one lazy module.
            page(`${paths.resellerDocs}/*`, () => import('#features/api-docs/pages/reseller-api-page.tsx')),
            page(paths.serverError, () => import('#features/site/pages/server-error-page.tsx')),
            { ...page('*', () => import('#features/site/pages/not-found-page.tsx')), handle: NOT_FOUND_HANDLE },
          ]),
        ],
      },
    ],
  },
];

export function createRouter() {
  sendEarlyReads(routes, window.location.pathname);
  return createBrowserRouter(routes, { patchRoutesOnNavigation: staffRoutePatcher() });
}
