import {
  adminBill,
  adminBillPdf,
  adminInvoice,
  adminInvoicePdf,
  adminInvoices,
  myBill,
  myBillPdf,
  myInvoice,
  myInvoicePdf,
  myInvoices,
} from '@tollgate/contract/checkout/invoices';
import { purchasePlan } from '@tollgate/contract/checkout/purchase';
import { refundInvoice } from '@tollgate/contract/checkout/refunds';
import { renewQuote, renewSubscription } from '@tollgate/contract/subscriptions/subscriptions';
import { nextRenewal } from '@tollgate/contract/subscriptions/plan-details';
import { paymentStatus, topup } from '@tollgate/contract/checkout/topup';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import type { CheckoutDeps } from './checkout.deps';
import { createInvoicesService } from './invoices.service';
import { createNextRenewal } from './next-renewal';
import { urlsFor } from './open-checkout';
import { createPurchaseService } from './purchase.service';
import { createRenewService } from './renew.service';
import { createTopupService } from './topup.service';
import { createRefundService, type OnRefund } from './refund.service';

export function checkoutRoutes(deps: CheckoutDeps & { onRefund: OnRefund }): RouteDefinition[] {
  const refund = createRefundService(deps);
  const purchase = createPurchaseService(deps);
  const topupService = createTopupService(deps);
  const invoices = createInvoicesService(deps);
  const { renew, quote: quoteRenewal } = createRenewService(deps);
  const nextRenewalOf = createNextRenewal(deps, quoteRenewal);
  return [
    route(purchasePlan, async ({ auth, params, body, useMessage }) => {
      const result = await purchase(
        { accountId: auth.accountId, planId: params.planId, ...body },
        urlsFor(deps.publicUrl),
      );
      if (result.status === 'pending') useMessage('redirect');
      return result;
    }),
    route(renewSubscription, async ({ auth, params, body, useMessage }) => {
      const result = await renew(
        { accountId: auth.accountId, subscriptionId: params.id, body },
        urlsFor(deps.publicUrl),
      );
      if (result.status === 'pending') useMessage('redirect');
      return result;
    }),
    route(renewQuote, ({ auth, params, query }) => {
      const { paymentMethod, ...body } = query;
      return quoteRenewal({ accountId: auth.accountId, subscriptionId: params.id, body }, paymentMethod);
    }),
    route(nextRenewal, ({ auth, params }) => nextRenewalOf(auth.accountId, params.id)),
    route(topup, ({ auth, body }) => topupService(auth.accountId, body, urlsFor(deps.publicUrl))),
    route(paymentStatus, ({ auth, params }) => invoices.paymentStatus(auth.accountId, params.paymentId)),
    route(myInvoices, ({ auth, query }) => invoices.mine(auth.accountId, query)),
    route(myBill, ({ auth, params }) => invoices.bill(params.subscriptionId, auth.accountId)),
    route(myBillPdf, ({ auth, params }) => invoices.billPdf(params.subscriptionId, auth.accountId)),
    route(myInvoice, ({ auth, params }) => invoices.invoice(params.invoiceId, auth.accountId)),
    route(myInvoicePdf, ({ auth, params }) => invoices.invoicePdf(params.invoiceId, auth.accountId)),
    route(adminInvoices, ({ query }) => invoices.all(query)),
    route(refundInvoice, ({ auth, params, body }) => refund(auth.accountId, params.invoiceId, body)),
    route(adminInvoice, ({ params }) => invoices.invoice(params.invoiceId, null)),
    route(adminInvoicePdf, ({ params }) => invoices.invoicePdf(params.invoiceId, null)),
    route(adminBill, ({ params }) => invoices.bill(params.subscriptionId, null)),
    route(adminBillPdf, ({ params }) => invoices.billPdf(params.subscriptionId, null)),
  ];
}
