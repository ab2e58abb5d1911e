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

/** Speaks the part of Stripe's API Checkout uses: form-encoded session creation with a bearer key. */
export async function startFakeStripe(secretKey: string) {
  const sessions = new Map<string, Record<string, string>>();
  /** What a retrieve answers for a session; tests move it as Stripe would. */
  const paymentStatus = new Map<string, 'paid' | 'unpaid'>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      res.writeHead(401).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }));
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
    const retrieve = req.method === 'GET' ? /^\/v1\/checkout\/sessions\/([\w]+)/.exec(req.url ?? '') : null;
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
  return { url, sessions, paymentStatus, close: () => new Promise<void>((r) => server.close(() => r())) };
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
