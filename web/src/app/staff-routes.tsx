import { redirect, type RouteObject } from 'react-router';
import { paths } from '#lib/paths.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { guarded, page } from './route-helpers.tsx';
import { STAFF_AREAS } from './staff-area.ts';

/**
 * The staff screens: loaded on the first navigation into a staff area (staff-area.ts), so their
 * route table never weighs on the public home page.
 */
export const staffRoutes: Record<(typeof STAFF_AREAS)[keyof typeof STAFF_AREAS], RouteObject[]> = {
  [STAFF_AREAS.admin]: [
    guarded([
      { index: true, loader: () => redirect(staffPaths.admin.dashboard) },
      page('dashboard', () => import('#features/statistics/pages/statistics-page.tsx'), {
        title: 'Statistics',
      }),
      page('accounts', () => import('#features/accounts/pages/admin-accounts-page.tsx'), {
        title: 'User Management',
      }),
      page('reselleracc', () => import('#features/resellers/pages/resellers-page.tsx'), {
        title: 'Resellers',
      }),
      page('reseller/new', () => import('#features/resellers/pages/new-reseller-page.tsx'), {
        title: 'New reseller',
        section: 'Resellers',
      }),
      page('reseller/:userId/edit', () => import('#features/resellers/pages/edit-reseller-page.tsx'), {
        title: 'Edit reseller',
        section: 'Resellers',
      }),
      page('accounts/new', () => import('#features/account-create/pages/new-account-page.tsx'), {
        title: 'New account',
        section: 'User Management',
      }),
      page(
        'accounts/:userId/add-subscription',
        () => import('#features/add-subscription/pages/admin-add-subscription-page.tsx'),
        { title: 'Add subscription', section: 'User Management' },
      ),
      page('accounts/:userId', () => import('#features/account-page/pages/admin-account-page.tsx'), {
        title: 'Account',
        section: 'User Management',
      }),
      page('accounts/:userId/edit', () => import('#features/account-page/pages/edit-account-page.tsx'), {
        title: 'Edit account',
        section: 'User Management',
      }),
      page('accounts/:userId/balance', () => import('#features/account-page/pages/account-balance-page.tsx'), {
        title: 'Balance',
        section: 'User Management',
      }),
      page('plans', () => import('#features/admin-plans/pages/admin-plans-page.tsx'), {
        title: 'Plan Management',
      }),
      page('plans/new', () => import('#features/admin-plans/pages/new-plan-page.tsx'), {
        title: 'New plan',
        section: 'Plan Management',
      }),
      page('plans/edit/:planId', () => import('#features/admin-plans/pages/edit-plan-page.tsx'), {
        title: 'Edit plan',
        section: 'Plan Management',
      }),
      page('coupons', () => import('#features/admin-coupons/pages/admin-coupons-page.tsx'), {
        title: 'Coupons',
      }),
      page('coupons/new', () => import('#features/admin-coupons/pages/new-coupon-page.tsx'), {
        title: 'New coupon',
        section: 'Coupons',
      }),
      page('coupons/edit/:couponId', () => import('#features/admin-coupons/pages/edit-coupon-page.tsx'), {
        title: 'Edit coupon',
        section: 'Coupons',
      }),
      page('change-requests', () => import('#features/approvals/pages/change-requests-page.tsx'), {
        title: 'Change requests',
      }),
      page('invoices', () => import('#features/billing/pages/admin-invoices-page.tsx'), {
        title: 'Invoices',
      }),
      page('tickets', () => import('#features/tickets/pages/admin-tickets-page.tsx'), {
        title: 'Tickets',
      }),
      page('tickets/:ticket', () => import('#features/tickets/pages/admin-ticket-page.tsx'), {
        title: 'Ticket',
        section: 'Tickets',
      }),
      page('suggestions', () => import('#features/suggestions/pages/admin-suggestions-page.tsx'), {
        title: 'Suggestions',
      }),
      page('mail-sender', () => import('#features/mail-sender/pages/mail-sender-page.tsx'), {
        title: 'MAIL Sender',
      }),
      page('mail-sender/new', () => import('#features/mail-sender/pages/new-campaign-page.tsx'), {
        title: 'New campaign',
        section: 'MAIL Sender',
      }),
      page('mail-sender/:campaignId', () => import('#features/mail-sender/pages/campaign-page.tsx'), {
        title: 'Campaign',
        section: 'MAIL Sender',
      }),
      page('productmanage', () => import('#features/products/pages/product-manage-page.tsx'), {
        title: 'Product Manage',
      }),
      page('productapi', () => import('#features/products/pages/product-api-page.tsx'), {
        title: 'Product API',
      }),
      page('legal', () => import('#features/admin-legal/pages/admin-legal-page.tsx'), {
        title: 'Legal texts',
      }),
      page('website-management', () => import('#features/website-management/pages/website-management-page.tsx'), {
        title: 'Website Management',
      }),
      page('general-logs', () => import('#features/general-logs/pages/general-logs-page.tsx'), {
        title: 'General Site Logs',
      }),
      page('system', () => import('#features/system/pages/system-page.tsx'), {
        title: 'System',
      }),
      page('blogs', () => import('#features/admin-blog/pages/admin-blogs-page.tsx'), {
        title: 'Blogs',
      }),
      page('blogs/create', () => import('#features/admin-blog/pages/new-blog-page.tsx'), {
        title: 'New post',
        section: 'Blogs',
      }),
      page('blogs/edit/:id', () => import('#features/admin-blog/pages/edit-blog-page.tsx'), {
        title: 'Edit post',
        section: 'Blogs',
      }),
      page('category', () => import('#features/admin-blog/pages/admin-categories-page.tsx'), {
        title: 'Category',
      }),
      page('giftmanage', () => import('#features/gifts/pages/gift-manage-page.tsx'), {
        title: 'Gift Management',
      }),
      page('partnersurl/statistic', () => import('#features/partners/pages/partner-statistic-page.tsx'), {
        title: 'Partners Link',
      }),
      page('partnerslink/new', () => import('#features/partners/pages/new-partner-link-page.tsx'), {
        title: 'New partner link',
        section: 'Partners Link',
      }),
      page('subscriptions', () => import('#features/admin-subscriptions/pages/admin-subscriptions-page.tsx'), {
        title: 'Subscriptions',
      }),
      page(
        'subscriptions/edit/:subscriptionId',
        () => import('#features/admin-subscriptions/pages/edit-subscription-page.tsx'),
        { title: 'Edit subscription', section: 'Subscriptions' },
      ),
    ]),
  ],
  [STAFF_AREAS.adminDocuments]: [
    guarded([
      page(paths.adminBill, () => import('#features/billing/pages/admin-bill-page.tsx'), {
        title: 'Bill',
        section: 'Invoices',
      }),
      page(paths.adminInvoice, () => import('#features/billing/pages/admin-invoice-page.tsx'), {
        title: 'Invoice',
        section: 'Invoices',
      }),
    ]),
  ],
  [STAFF_AREAS.support]: [
    guarded([
      { index: true, loader: () => redirect(staffPaths.support.trialpage) },
      page('trialpage', () => import('#features/accounts/pages/trial-page.tsx'), {
        title: 'Management panel',
      }),
      page(
        'accounts/:userId/add-subscription',
        () => import('#features/add-subscription/pages/support-add-subscription-page.tsx'),
        { title: 'Add subscription', section: 'Management panel' },
      ),
      page('accounts/:userId', () => import('#features/account-page/pages/support-account-page.tsx'), {
        title: 'Account',
        section: 'Management panel',
      }),
      page('tickets', () => import('#features/tickets/pages/support-tickets-page.tsx'), {
        title: 'Tickets',
      }),
      page('tickets/:ticket', () => import('#features/tickets/pages/support-ticket-page.tsx'), {
        title: 'Ticket',
        section: 'Tickets',
      }),
      page('suggestions', () => import('#features/suggestions/pages/support-suggestions-page.tsx'), {
        title: 'Suggestions',
      }),
      page('plans', () => import('#features/admin-plans/pages/support-plans-page.tsx'), {
        title: 'Plans',
      }),
    ]),
  ],
};
