import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cryptomusJson, cryptomusSign } from '#platform/payments/cryptomus.ts';

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const readBody = (req: import('node:http').IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });

/**
 * Speaks the part of Stripe's API Checkout uses: form-encoded session creation with a bearer key;
 * and for auto top-up, customers, setup-mode sessions read back with their payment method, and
 * off-session PaymentIntents (payment method `pm_card_chargeDeclined` is declined, as in Stripe's test mode).
 */
export async function startFakeStripe(secretKey: string) {
  const sessions = new Map<string, Record<string, string>>();
  const intents: Record<string, string>[] = [];
  let customers = 0;
  /** What a retrieve answers for a session; tests move it as Stripe would. */
  const paymentStatus = new Map<string, 'paid' | 'unpaid'>();
  /** The payment intent a paid session made (`pi_...` -> `cs_...`); tests set it as Stripe would. */
  const sessionOfIntent = new Map<string, string>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      res.writeHead(401).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/customers') {
      res.end(JSON.stringify({ id: `cus_test_${++customers}`, object: 'customer' }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const form = Object.fromEntries(new URLSearchParams(body));
      const id = `pi_test_${randomUUID().replace(/-/g, '')}`;
      intents.push({ ...form, id, idempotencyKey: String(req.headers['idempotency-key'] ?? '') });
      if (form.payment_method === 'pm_card_chargeDeclined') {
        res.writeHead(402).end(
          JSON.stringify({
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
              payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
            },
          }),
        );
        return;
      }
      res.end(JSON.stringify({ id, object: 'payment_intent', status: 'succeeded', amount: Number(form.amount) }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const form = Object.fromEntries(new URLSearchParams(body));
      const id = `cs_test_${randomUUID().replace(/-/g, '')}`;
      sessions.set(id, form);
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_status: 'unpaid',
          amount_total: Number(form['line_items[0][price_data][unit_amount]']),
          metadata: { paymentId: form['metadata[paymentId]'] },
        }),
      );
      return;
    }
    // Listing sessions by payment intent: how a refund's or dispute's intent finds its checkout.
    const listed = req.method === 'GET' ? new URL(req.url ?? '/', 'http://stripe.test') : null;
    if (listed?.pathname === '/v1/checkout/sessions') {
      const intent = listed.searchParams.get('payment_intent');
      const found = [...sessionOfIntent]
        .filter(([pi]) => pi === intent)
        .map(([, id]) => ({ id, object: 'checkout.session' }));
      res.end(JSON.stringify({ object: 'list', data: found, has_more: false, url: '/v1/checkout/sessions' }));
      return;
    }
    const retrieve = req.method === 'GET' ? /^\/v1\/checkout\/sessions\/([\w]+)/.exec(req.url ?? '') : null;
    if (retrieve && sessions.get(retrieve[1]!)?.mode === 'setup') {
      const session = sessions.get(retrieve[1]!)!;
      res.end(
        JSON.stringify({
          id: retrieve[1],
          object: 'checkout.session',
          mode: 'setup',
          customer: session.customer,
          setup_intent: {
            id: `seti_${retrieve[1]}`,
            object: 'setup_intent',
            payment_method: {
              id: session['metadata[testPaymentMethod]'] ?? 'pm_card_visa',
              object: 'payment_method',
              card: { brand: 'visa', last4: '4242' },
            },
          },
        }),
      );
      return;
    }
    if (retrieve && sessions.has(retrieve[1]!)) {
      const status = paymentStatus.get(retrieve[1]!) ?? 'unpaid';
      res.end(
        JSON.stringify({
          id: retrieve[1],
          object: 'checkout.session',
          payment_status: status,
          status: status === 'paid' ? 'complete' : 'open',
        }),
      );
      return;
    }
    res.writeHead(404).end(JSON.stringify({ error: { message: 'Unrecognized request URL' } }));
  });
  const url = await listen(server);
  return {
    url,
    sessions,
    intents,
    paymentStatus,
    sessionOfIntent,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Speaks Cryptomus's payment API: signed JSON requests, invoices whose state tests can move. */
export async function startFakeCryptomus(merchantId: string, apiKey: string) {
  const invoices = new Map<string, { orderId: string; amount: string; status: string; callback: string }>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    res.setHeader('content-type', 'application/json');
    if (req.headers.merchant !== merchantId || req.headers.sign !== cryptomusSign(body, apiKey)) {
      res.writeHead(401).end(JSON.stringify({ state: 1, message: 'Wrong sign' }));
      return;
    }
    const data = JSON.parse(body) as Record<string, string>;
    if (req.url === '/v1/payment') {
      const uuid = randomUUID();
      invoices.set(uuid, {
        orderId: data.order_id!,
        amount: data.amount!,
        status: 'check',
        callback: data.url_callback!,
      });
      res.end(
        JSON.stringify({
          state: 0,
          result: {
            uuid,
            order_id: data.order_id,
            url: `https://pay.cryptomus.test/pay/${uuid}`,
            payment_status: 'check',
          },
        }),
      );
      return;
    }
    if (req.url === '/v1/payment/info') {
      const invoice = invoices.get(data.uuid!);
      if (!invoice) {
        res.writeHead(404).end(JSON.stringify({ state: 1, message: 'Not found' }));
        return;
      }
      res.end(
        JSON.stringify({
          state: 0,
          result: { uuid: data.uuid, order_id: invoice.orderId, payment_status: invoice.status },
        }),
      );
      return;
    }
    res.writeHead(404).end(JSON.stringify({ state: 1 }));
  });
  const url = await listen(server);
  return {
    url,
    invoices,
    /** The callback Cryptomus would post for an invoice, signed with `key` (the real one unless forging). */
    callback(uuid: string, status: string, key = apiKey) {
      const invoice = invoices.get(uuid)!;
      const data = {
        type: 'payment',
        uuid,
        order_id: invoice.orderId,
        amount: invoice.amount,
        currency: 'USD',
        status,
        url: 'https://pay.cryptomus.test/',
      };
      return JSON.stringify({ ...data, sign: cryptomusSign(cryptomusJson(data), key) });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
