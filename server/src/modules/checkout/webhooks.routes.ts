import { MESSAGES } from '@tollgate/contract/http/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { InvalidCallbackError } from '#platform/payments/provider.ts';
import type { CheckoutDeps } from './checkout.deps';
import { checkoutRepository as repo } from './checkout.repository';
import { urlsFor } from './open-checkout';
import type { RecordMoneyBack } from './money-back.service';
import { createCallbackHandler, type CardSaved } from './payment-callbacks';
import { sandboxCardPage, sandboxPage } from './sandbox-page';
import { SANDBOX_CARDS } from '#platform/payments/sandbox.ts';

const WEBHOOK = '/api/v1/payments/:provider/webhook';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ status, message, payload: { error: message } });
export const NOT_THE_PAYER = 'Only the paying account can use this checkout: open it again from your account';
const notThePayer = (reply: FastifyReply) =>
  reply.code(403).send({ status: 403, message: MESSAGES.forbidden, payload: { error: NOT_THE_PAYER } });
type SandboxRequest = { Params: { paymentId: string }; Querystring: { ticket?: unknown } };
type SandboxCardRequest = {
  Params: { setupId: string; card?: string };
  Querystring: { ticket?: unknown; account?: unknown };
};

/**
 * Provider-facing endpoints, outside the client contract: signed callbacks read from the raw body,
 * and the sandbox's hosted checkout page (outside production only).
 */
export function installPaymentWebhooks(
  app: FastifyInstance,
  deps: CheckoutDeps & {
    siteName: string;
    cardSaved?: CardSaved;
    moneyBack?: RecordMoneyBack;
    /** Each callback's provider and outcome (`rejected`: its signature or body did not hold), for the metrics. */
    counted?: (provider: string, outcome: string) => void;
  },
) {
  const handle = createCallbackHandler(deps, deps.cardSaved, deps.moneyBack);
  const { providers } = deps;

  return app.register(async (scope) => {
    // Signatures cover the exact bytes sent, so this scope keeps bodies raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    scope.post<{ Params: { provider: string } }>(WEBHOOK, async (request, reply) => {
      const provider = providers.byName(request.params.provider);
      if (!provider) return fail(reply, 404, 'Not Found');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const outcome = await handle(provider, raw, request.headers);
        deps.counted?.(provider.name, outcome);
        return reply.send({ status: 200, message: 'Received', payload: { outcome } });
      } catch (error) {
        if (error instanceof InvalidCallbackError) {
          deps.counted?.(provider.name, 'rejected');
          return fail(reply, 400, error.message);
        }
        throw error;
      }
    });

    const sandbox = providers.sandbox;
    if (!sandbox) return;

    scope.get<SandboxRequest>('/api/v1/payments/sandbox/:paymentId', async (request, reply) => {
      const found = UUID.test(request.params.paymentId)
        ? await repo.paymentWithInvoice(deps.db, request.params.paymentId)
        : null;
      if (!found || found.payment.provider !== 'sandbox') return fail(reply, 404, 'Not Found');
      const { ticket } = request.query;
      if (!sandbox.ticketAllows(ticket, found.payment) || typeof ticket !== 'string') return notThePayer(reply);
      return reply.type('text/html; charset=utf-8').send(
        sandboxPage({
          siteName: deps.siteName,
          paymentId: found.payment.id,
          ticket,
          description: found.invoice.description,
          amount: (found.payment.amountCents / 100).toFixed(2),
          status: found.payment.status,
        }),
      );
    });

    // Saving a sandbox card (auto top-up): the page and its buttons need the ticket minted for the account.
    const cardTicketOk = (request: { params: { setupId: string }; query: SandboxCardRequest['Querystring'] }) =>
      UUID.test(request.params.setupId) &&
      typeof request.query.account === 'string' &&
      UUID.test(request.query.account) &&
      sandbox.ticketAllows(request.query.ticket, { id: request.params.setupId, accountId: request.query.account });
    scope.get<SandboxCardRequest>('/api/v1/payments/sandbox/card/:setupId', async (request, reply) => {
      if (!cardTicketOk(request)) return notThePayer(reply);
      const query = new URLSearchParams({
        account: String(request.query.account),
        ticket: String(request.query.ticket),
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(sandboxCardPage({ siteName: deps.siteName, setupId: request.params.setupId, query: query.toString() }));
    });
    scope.post<SandboxCardRequest>('/api/v1/payments/sandbox/card/:setupId/:card', async (request, reply) => {
      const card = SANDBOX_CARDS.find((c) => c === request.params.card);
      if (!card) return fail(reply, 404, 'Not Found');
      if (!cardTicketOk(request)) return notThePayer(reply);
      const event = sandbox.signedSetupEvent(request.params.setupId, String(request.query.account), card);
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/sandbox/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.body,
      });
      if (answer.statusCode !== 200) return fail(reply, 502, 'The sandbox callback was refused');
      return reply.redirect(`${deps.publicUrl}/my-profile?card=saved#auto-topup`, 303);
    });

    // Pressing Pay or Cancel needs the payer's ticket: anyone else holding the page's address is refused
    // before anything settles.
    scope.post<{ Params: { paymentId: string; outcome: string }; Querystring: { ticket?: unknown } }>(
      '/api/v1/payments/sandbox/:paymentId/:outcome',
      async (request, reply) => {
        const outcome =
          request.params.outcome === 'pay' ? 'paid' : request.params.outcome === 'cancel' ? 'cancelled' : null;
        const found = UUID.test(request.params.paymentId)
          ? await repo.paymentWithInvoice(deps.db, request.params.paymentId)
          : null;
        if (!outcome || !found || found.payment.provider !== 'sandbox') return fail(reply, 404, 'Not Found');
        if (!sandbox.ticketAllows(request.query.ticket, found.payment)) return notThePayer(reply);
        const { payment, invoice } = found;
        if (payment.status === 'pending') {
          // The same path a provider's callback takes: a signed event to the webhook.
          const event = sandbox.signedEvent(payment.externalId ?? payment.id, outcome);
          const answer = await app.inject({
            method: 'POST',
            url: '/api/v1/payments/sandbox/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            payload: event.body,
          });
          if (answer.statusCode !== 200) return fail(reply, 502, 'The sandbox callback was refused');
        }
        const urls = urlsFor(deps.publicUrl);
        const target =
          payment.purpose === 'deposit'
            ? urls.topupReturn(payment.id)
            : outcome === 'paid'
              ? urls.purchaseSuccess(invoice.subscriptionId!)
              : urls.purchaseFailed();
        return reply.redirect(target, 303);
      },
    );
  });
}
