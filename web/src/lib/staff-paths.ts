import { paths } from './paths.ts';

/**
 * The staff screens' paths. They live apart from paths.ts, which ships with the public home page
 * (120 kB budget), and grow with every staff screen; staff code takes every staff path from here.
 */
export const staffPaths = {
  admin: {
    ...paths.admin,
    accounts: '/admin/accounts',
    resellers: '/admin/reselleracc',
    newReseller: '/admin/reseller/new',
    editReseller: '/admin/reseller/:userId/edit',
    newAccount: '/admin/accounts/new',
    account: '/admin/accounts/:userId',
    addSubscription: '/admin/accounts/:userId/add-subscription',
    editAccount: '/admin/accounts/:userId/edit',
    accountBalance: '/admin/accounts/:userId/balance',
    plans: '/admin/plans',
    newPlan: '/admin/plans/new',
    editPlan: '/admin/plans/edit/:planId',
    coupons: '/admin/coupons',
    subscriptions: '/admin/subscriptions',
    changeRequests: '/admin/change-requests',
    editSubscription: '/admin/subscriptions/edit/:subscriptionId',
    newCoupon: '/admin/coupons/new',
    editCoupon: '/admin/coupons/edit/:couponId',
    invoices: '/admin/invoices',
    legal: '/admin/legal',
    websiteManagement: '/admin/website-management',
    generalLogs: '/admin/general-logs',
    system: '/admin/system',
    tickets: '/admin/tickets',
    ticket: '/admin/tickets/:ticket',
    suggestions: '/admin/suggestions',
    blogs: '/admin/blogs',
    newBlog: '/admin/blogs/create',
    editBlog: '/admin/blogs/edit/:id',
    category: '/admin/category',
    productManage: '/admin/productmanage',
    productApi: '/admin/productapi',
    mailSender: '/admin/mail-sender',
    newMailCampaign: '/admin/mail-sender/new',
    mailCampaign: '/admin/mail-sender/:campaignId',
    giftManage: '/admin/giftmanage',
    partnerStatistic: '/admin/partnersurl/statistic',
    newPartnerLink: '/admin/partnerslink/new',
  },
  support: {
    ...paths.support,
    addSubscription: '/support/accounts/:userId/add-subscription',
    account: '/support/accounts/:userId',
    plans: '/support/plans',
    tickets: '/support/tickets',
    ticket: '/support/tickets/:ticket',
    suggestions: '/support/suggestions',
  },
} as const;

/**
 * The staff panels. Screens both panels have (the ticket desk, suggestions) take the panel and
 * find their own paths in it, so each is written once.
 */
export type StaffPanel = keyof typeof staffPaths;
