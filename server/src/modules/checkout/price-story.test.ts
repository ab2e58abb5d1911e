import { decodePayload } from '@tollgate/contract/http/encoding';
import type { InvoiceDocument } from '@tollgate/contract/checkout/invoices';
import type { PlanQuote } from '@tollgate/contract/plans/plans';
import type { RenewQuote } from '@tollgate/contract/subscriptions/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#platform/db/schema.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { pdfStrings } from '#test/pdf-text.ts';

let server: TestServer;
let staff: string;
beforeAll(async () => {
  server = await createTestServer();
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  // Renewal tables that differ from the plans' own prices, as a real shop sets them.
  await server.database.db.insert(settings).values([
    { key: 'RenewResiBandwidthPrices', value: JSON.stringify([{ value: 1, price: 4.2 }]) },
    { key: 'ResidentialExtendByMonthPrice', value: 8 },
    { key: 'RenewISPPrices', value: [{ value: 1, price: 0.4 }] },
  ]);
});
afterAll(() => server.close());

async function buyer() {
  const account = await server.buildAccount();
  await fund(server, staff, account.id, 500);
  return { ...account, token: await server.tokenFor(account) };
}
const planQuote = async (token: string, planId: string, value: number) => {
  const res = await server.request('GET', `/api/v1/public/plans/${planId}/${value}`, { token });
  return {
    status: res.status,
    body: res.body,
    quote: res.status === 200 ? decodePayload<PlanQuote>(String(res.body.payload)) : null,
  };
};
const invoiceOf = async (token: string, invoiceId: string) =>
  (await server.request('GET', `/api/v1/public/invoices/${invoiceId}`, { token })).body.payload as InvoiceDocument;

const PLANS = {
  GB: () => buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 4.5 }]) }),
  threads: () =>
    buildPlan(server, {
      type: 'isp',
      bandwidthPrices: '',
      threadPrices: JSON.stringify([{ value: 10, price: 0.5 }]),
    }),
  package: () => buildPlan(server, { type: 'datacenter', bandwidthPrices: '', priceCents: 1500 }),
};
const RENEWALS = {
  GB: { updatingType: 'renew', bandwidth: 2, days: 30 },
  threads: { updatingType: 'renew', threads: 20, days: 30 },
  package: { updatingType: 'extend', days: 30 },
} as const;

describe('one price story: quote, purchase, renewal and invoice agree', () => {
  for (const unit of ['GB', 'threads', 'package'] as const) {
    it(`charges a ${unit} plan what its quotes said, and its invoices repeat the same lines`, async () => {
      const plan = await PLANS[unit]();
      const customer = await buyer();
      const value = unit === 'package' ? 1 : unit === 'threads' ? 20 : 3;

      const { quote } = await planQuote(customer.token, plan.id, value);
      expect(quote!.lines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(quote!.subtotal, 2);
      expect(quote!.lines[0]).toMatchObject({ source: unit === 'package' ? 'plan-price' : 'plan-tiers' });
      // The quote also says what later renewals cost, from the renewal code.
      expect(quote!.renewals.length).toBeGreaterThan(0);

      const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
        token: customer.token,
        body: { value, country: 'US', paymentMethod: 'balance' },
      });
      expect(bought.body.payload).toMatchObject({ status: 'paid', total: quote!.total });
      const purchase = await invoiceOf(customer.token, bought.body.payload.invoiceId);
      expect(purchase.invoice).toMatchObject({ total: quote!.total, subtotal: quote!.subtotal, lines: quote!.lines });

      const id = bought.body.payload.subscriptionId as string;
      const query = new URLSearchParams(Object.entries(RENEWALS[unit]).map(([k, v]) => [k, String(v)]));
      const renewQuote = (
        await server.request('GET', `/api/v1/public/subscriptions/${id}/renew-quote?${query}`, {
          token: customer.token,
        })
      ).body.payload as RenewQuote;
      expect(renewQuote.lines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(renewQuote.subtotal, 2);
      const renewed = await server.request('PATCH', `/api/v1/public/subscriptions/${id}/renew`, {
        token: customer.token,
        body: { ...RENEWALS[unit], paymentMethod: 'balance' },
      });
      expect(renewed.body.payload).toMatchObject({ status: 'paid', total: renewQuote.total });
      const renewal = await invoiceOf(customer.token, renewed.body.payload.invoiceId);
      expect(renewal.invoice).toMatchObject({ total: renewQuote.total, lines: renewQuote.lines });
    });
  }

  it('names the renewal table and why added GB cost differently from a new plan’s', async () => {
    const plan = await PLANS.GB();
    const customer = await buyer();
    const { quote } = await planQuote(customer.token, plan.id, 3);
    expect(quote!.lines).toEqual([
      expect.objectContaining({ label: '3 GB', per: 'GB', unitPrice: 4.5, amount: 13.5, source: 'plan-tiers' }),
      expect.objectContaining({ label: '30 days', per: 'day', amount: 0, source: 'included' }),
    ]);
    const addGb = quote!.renewals.find((r) => r.label === 'Add 1 GB')!;
    expect(addGb.lines[0]).toMatchObject({
      unitPrice: 4.2,
      source: 'renewal-tiers',
      table: 'RenewResiBandwidthPrices',
    });
    expect(addGb.lines[0]!.note).toContain('$4.50/GB');
    const month = quote!.renewals.find((r) => r.label === 'Add 30 days')!;
    expect(month.lines[0]).toMatchObject({
      amount: 8,
      source: 'extension-price',
      table: 'ResidentialExtendByMonthPrice',
    });
  });

  it('gives staff the same renewal prices for a plan being edited', async () => {
    const res = await server.request('POST', '/api/v1/admin/plans/renewal-preview', {
      token: staff,
      body: {
        title: 'Preview',
        type: 'residential',
        price: 0,
        bandwidthPrices: JSON.stringify([{ value: 1, price: 4.5 }]),
        minRenewDays: 1,
        maxRenewDays: 90,
        duration: 30,
        bandwidth: 0,
        throughput: 0,
        threads: 0,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.renewals).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: 'Add 30 days', subtotal: 8 })]),
    );
  });
});

describe('the quote accepts exactly what the purchase accepts', () => {
  it('refuses 10 units of a package plan with the purchase’s own words, and charges nothing', async () => {
    const plan = await PLANS.package();
    const customer = await buyer();
    const quoted = await planQuote(customer.token, plan.id, 10);
    const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: customer.token,
      body: { value: 10, country: 'US', paymentMethod: 'balance' },
    });
    expect(quoted.status).toBe(400);
    expect(bought.status).toBe(400);
    expect(quoted.body.message).toBe(bought.body.message);
    expect(quoted.body.message).toBe('This plan is sold as one package');
  });

  it('refuses an amount too large to charge, in words, on both', async () => {
    const plan = await PLANS.GB();
    const customer = await buyer();
    const quoted = await planQuote(customer.token, plan.id, 2_000_000_000);
    const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: customer.token,
      body: { value: 2_000_000_000, country: 'US', paymentMethod: 'balance' },
    });
    expect([quoted.status, bought.status]).toEqual([400, 400]);
    expect(quoted.body.message).toBe(bought.body.message);
  });
});

describe('one invoice per number', () => {
  it('opens each invoice number as its own document, PDF included, and hides it from others', async () => {
    const plan = await PLANS.GB();
    const customer = await buyer();
    const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: customer.token,
      body: { value: 2, country: 'US', paymentMethod: 'balance' },
    });
    const id = bought.body.payload.subscriptionId as string;
    const renewals = [];
    for (const bandwidth of [1, 5]) {
      const res = await server.request('PATCH', `/api/v1/public/subscriptions/${id}/renew`, {
        token: customer.token,
        body: { updatingType: 'bandwidth', bandwidth, paymentMethod: 'balance' },
      });
      renewals.push(res.body.payload.invoiceId as string);
    }
    const second = await invoiceOf(customer.token, renewals[0]!);
    expect(second.invoice).toMatchObject({ id: renewals[0], total: 4.2, status: 'paid' });
    expect(second.invoice.lines).toEqual([expect.objectContaining({ label: '1 GB added', amount: 4.2 })]);

    // The plan's bill lists its three invoices as documents, each of which opens on its own.
    const bill = (await server.request('GET', `/api/v1/public/bill/${id}`, { token: customer.token })).body.payload;
    expect(bill.invoices.map((i: { id: string }) => i.id)).toEqual([bought.body.payload.invoiceId, ...renewals]);

    const pdf = await server.request('GET', `/api/v1/public/invoices/${renewals[0]}/pdf`, { token: customer.token });
    expect(pdf.body.payload.filename).toBe(`${second.invoice.number}.pdf`);
    const text = pdfStrings(Buffer.from(pdf.body.payload.contentBase64, 'base64')).join('\n');
    expect(text).toContain(second.invoice.description);
    expect(second.invoice.description).toContain('—');
    expect(text).toContain('1 GB added');
    expect(text).not.toContain('5 GB added');

    const stranger = await buyer();
    for (const path of [`/api/v1/public/invoices/${renewals[0]}`, `/api/v1/public/invoices/${renewals[0]}/pdf`]) {
      expect((await server.request('GET', path, { token: stranger.token })).status).toBe(404);
    }
    expect(
      (await server.request('GET', `/api/v1/admin/invoices/${renewals[0]}`, { token: staff })).body.payload.invoice.id,
    ).toBe(renewals[0]);
  });
});
