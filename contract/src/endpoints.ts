import type { Endpoint } from './endpoint';
import * as accounts from './admin/accounts';
import * as changeRequests from './admin/change-requests';
import * as invoices from './checkout/invoices';
import * as purchase from './checkout/purchase';
import * as topup from './checkout/topup';
import * as coupons from './plans/coupons';
import * as suggestions from './suggestions/suggestions';
import * as staffSubscriptions from './subscriptions/staff-subscriptions';
import * as subscriptions from './subscriptions/subscriptions';
import * as planDetails from './subscriptions/plan-details';
import * as plans from './plans/plans';
import * as registration from './auth/registration';
import * as session from './auth/session';
import * as social from './auth/social';
import * as twoFactor from './auth/two-factor';
import * as subscription from './profile/email-subscription';
import * as profile from './profile/profile';
import * as accountDeletion from './profile/account-deletion';
import * as general from './general/landing';
import * as legal from './general/legal';
import * as catalogue from './plans/catalogue';
import * as proxies from './proxies/proxies';

/** The endpoint table. The server registers exactly these; OpenAPI and the access matrix read it. */
export const api = {
  generator: proxies.generator,
  updateProxyConfig: proxies.updateProxyConfig,
  addWhitelistIp: proxies.addWhitelistIp,
  myIp: proxies.myIp,
  removeWhitelistIp: proxies.removeWhitelistIp,
  changeProxyKey: proxies.changeProxyKey,
  locations: proxies.locations,
  proxyUsage: proxies.proxyUsage,
  landing: general.landing,
  announcements: general.announcements,
  legalDocument: legal.legalDocument,
  updateLegalDocument: legal.updateLegalDocument,
  catalogue: catalogue.catalogue,
  catalogueQuote: catalogue.catalogueQuote,
  login: session.login,
  me: session.me,
  logout: session.logout,
  adminAccounts: accounts.adminAccounts,
  adminStatistics: accounts.adminStatistics,
  supportTrialPage: accounts.supportTrialPage,
  adminAdjustBalance: accounts.adminAdjustBalance,
  adminDeletionPreview: accountDeletion.adminDeletionPreview,
  adminDeleteAccount: accountDeletion.adminDeleteAccount,
  myDeletionPreview: accountDeletion.myDeletionPreview,
  adminChangeRequests: changeRequests.adminChangeRequests,
  approveChangeRequest: changeRequests.approveChangeRequest,
  rejectChangeRequest: changeRequests.rejectChangeRequest,
  register: registration.register,
  verifyEmail: registration.verifyEmail,
  resendVerification: registration.resendVerification,
  forgotPassword: registration.forgotPassword,
  resetPassword: registration.resetPassword,
  mfaStatus: twoFactor.mfaStatus,
  enableMfa: twoFactor.enableMfa,
  disableMfa: twoFactor.disableMfa,
  completeTwoFactorLogin: twoFactor.completeTwoFactorLogin,
  authProviders: social.authProviders,
  googleSignIn: social.googleSignIn,
  verifyAccountConversion: social.verifyAccountConversion,
  countries: profile.countries,
  profileEditToken: profile.profileEditToken,
  updateBasicInfo: profile.updateBasicInfo,
  changePassword: profile.changePassword,
  updateAvatar: profile.updateAvatar,
  deleteAvatar: profile.deleteAvatar,
  discordStatus: profile.discordStatus,
  linkDiscord: profile.linkDiscord,
  unlinkDiscord: profile.unlinkDiscord,
  mySessions: profile.mySessions,
  revokeSession: profile.revokeSession,
  setEmailSubscription: profile.setEmailSubscription,
  deleteMyAccount: profile.deleteMyAccount,
  cancelEmailSubscription: subscription.cancelEmailSubscription,
  adminPlans: plans.adminPlans,
  createPlan: plans.createPlan,
  adminPlan: plans.adminPlan,
  updatePlan: plans.updatePlan,
  deletePlan: plans.deletePlan,
  publicPlans: plans.publicPlans,
  trialPlans: plans.trialPlans,
  customPlanPrices: plans.customPlanPrices,
  planQuote: plans.planQuote,
  planRenewalPreview: plans.planRenewalPreview,
  hidePlan: plans.hidePlan,
  supportHidePlan: plans.supportHidePlan,
  supportPlans: plans.supportPlans,
  adminCoupons: coupons.adminCoupons,
  createCoupon: coupons.createCoupon,
  adminCoupon: coupons.adminCoupon,
  updateCoupon: coupons.updateCoupon,
  deleteCoupon: coupons.deleteCoupon,
  myCoupons: coupons.myCoupons,
  purchasePlan: purchase.purchasePlan,
  topup: topup.topup,
  paymentStatus: topup.paymentStatus,
  myInvoices: invoices.myInvoices,
  myBill: invoices.myBill,
  myBillPdf: invoices.myBillPdf,
  adminInvoices: invoices.adminInvoices,
  adminBill: invoices.adminBill,
  adminBillPdf: invoices.adminBillPdf,
  myInvoice: invoices.myInvoice,
  myInvoicePdf: invoices.myInvoicePdf,
  adminInvoice: invoices.adminInvoice,
  adminInvoicePdf: invoices.adminInvoicePdf,
  dashboard: subscriptions.dashboard,
  mySubscription: subscriptions.mySubscription,
  activateSubscription: subscriptions.activateSubscription,
  deleteResidential: subscriptions.deleteResidential,
  renewSubscription: subscriptions.renewSubscription,
  renewQuote: subscriptions.renewQuote,
  setAutoRenewValue: subscriptions.setAutoRenewValue,
  setAutoRenewStatus: subscriptions.setAutoRenewStatus,
  getAutoRenew: subscriptions.getAutoRenew,
  renameSubscription: planDetails.renameSubscription,
  nextRenewal: planDetails.nextRenewal,
  adminSubscriptions: staffSubscriptions.adminSubscriptions,
  supportSubscriptions: staffSubscriptions.supportSubscriptions,
  adminSubscription: staffSubscriptions.adminSubscription,
  updateSubscription: staffSubscriptions.updateSubscription,
  deleteSubscription: staffSubscriptions.deleteSubscription,
  supportDeleteSubscription: staffSubscriptions.supportDeleteSubscription,
  addSubscriptionBandwidth: staffSubscriptions.addSubscriptionBandwidth,
  supportAddSubscriptionBandwidth: staffSubscriptions.supportAddSubscriptionBandwidth,
  resolveSubscription: staffSubscriptions.resolveSubscription,
  supportResolveSubscription: staffSubscriptions.supportResolveSubscription,
  reverifyPayment: staffSubscriptions.reverifyPayment,
  planTime: staffSubscriptions.planTime,
  supportPlanTime: staffSubscriptions.supportPlanTime,
  regenerateCredentials: staffSubscriptions.regenerateCredentials,
  supportRegenerateCredentials: staffSubscriptions.supportRegenerateCredentials,
  addSubscription: staffSubscriptions.addSubscription,
  supportAddSubscription: staffSubscriptions.supportAddSubscription,
  setWhitelistLimit: staffSubscriptions.setWhitelistLimit,
  resetWhitelistLimit: staffSubscriptions.resetWhitelistLimit,
  sendSuggestion: suggestions.sendSuggestion,
  suggestionsAllowed: suggestions.suggestionsAllowed,
  adminSuggestions: suggestions.adminSuggestions,
  deleteSuggestion: suggestions.deleteSuggestion,
} as const;

export type Api = typeof api;
export type EndpointName = keyof Api;
export const endpoints: readonly Endpoint[] = Object.values(api);
