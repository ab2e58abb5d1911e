import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buyResidential, expect, fundedCustomer, test, type Mail } from '../fixtures.ts';

const GB = 1024 ** 3;

/**
 * The customer's own systems, served by the test on loopback (the e2e gateway may reach
 * 127.0.0.1): `/hooks` records webhook calls, `/bytes/N` streams N bytes to spend through the proxy.
 */
async function startCustomerSide() {
  const hooks: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const chunk = Buffer.alloc(1024 * 1024, 120);
  const server = http.createServer((req, res) => {
    const bytes = /^\/bytes\/(\d+)$/.exec(req.url ?? '');
    if (bytes) {
      let left = Number(bytes[1]);
      res.writeHead(200, { 'content-length': String(left) });
      const pump = () => {
        while (left > 0) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body });
      res.writeHead(200).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, hooks, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Downloads through the proxy line (host:port:user:pass), counting the bytes and keeping none. */
function download(line: string, url: string) {
  const [host, port, user, pass] = line.split(':');
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host,
        port: Number(port),
        path: url,
        headers: {
          host: new URL(url).host,
          'proxy-authorization': `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
        },
      },
      (response) => {
        let received = 0;
        response.on('data', (c: Buffer) => (received += c.length));
        response.on('end', () => resolve(received));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const verified = (secret: string, body: string, header: string) => {
  const [t, v1] = header.split(',').map((part) => part.split('=')[1]);
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1;
};

test('a customer sets an 80 % alert and a webhook, uses the proxy past 80 % and gets the signed alert and the mail', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const side = await startCustomerSide();
  try {
    const account = await fundedCustomer(page, request, 'alerts', 20);
    const subscriptionId = await buyResidential(page);

    await page.goto('/my-profile');
    const hooks = page.getByRole('form', { name: 'New webhook' });
    await hooks.getByLabel('Endpoint URL').fill(`${side.origin}/hooks`);
    await hooks.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I saved it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // The test button proves the receiver and the signature before any real event.
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test event delivered (HTTP 200)')).toBeVisible();
    expect(verified(secret, side.hooks[0]!.body, String(side.hooks[0]!.headers['tollgate-signature']))).toBe(true);

    const alerts = page.getByRole('form', { name: 'New alert' });
    await alerts.getByLabel('Alert when').selectOption('bandwidth_percent');
    await alerts.getByLabel('Percent of GB used').fill('80');
    await alerts.getByLabel('Webhook (every endpoint below)').check();
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    await expect(page.getByRole('list', { name: 'My alerts' })).toContainText('GB used reaches 80 %');

    await page.goto(`/generator/${subscriptionId}`);
    const builder = page.getByRole('form', { name: 'Proxy list builder' });
    await builder.getByLabel('Number of proxies').fill('1');
    await builder.getByRole('button', { name: 'Generate' }).click();
    // The page shows a list as it opens; wait for the one-line list this click asked for.
    const generated = page.getByLabel('Generated proxies');
    await expect(generated).toHaveValue(/^\s*127\.0\.0\.1:\d+:\w+:\S+\s*$/);
    const line = (await generated.inputValue()).trim();

    // 82 % of the plan's 1 GB, metered by the gateway and flushed every 2 s.
    const bytes = Math.ceil(0.82 * GB);
    expect(await download(line, `${side.origin}/bytes/${bytes}`)).toBe(bytes);

    await expect
      .poll(() => side.hooks.filter((h) => h.body.includes('"alert.bandwidth"')).length, { timeout: 30_000 })
      .toBe(1);
    const alert = side.hooks.find((h) => h.body.includes('"alert.bandwidth"'))!;
    expect(verified(secret, alert.body, String(alert.headers['tollgate-signature']))).toBe(true);
    expect(JSON.parse(alert.body).data).toMatchObject({ subscriptionId, thresholdPercent: 80 });

    await expect
      .poll(
        async () => {
          const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
          return mails.filter((m) => m.to === account.email && m.subject.includes('of its GB used')).length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.goto('/my-profile');
    const log = page.getByRole('table', { name: 'Webhook delivery log' });
    await expect(log).toContainText('alert.bandwidth');
    await expect(log).toContainText('Delivered');
    await expect(page.getByRole('list', { name: 'My alerts' })).toContainText('last sent');
  } finally {
    await side.close();
  }
});
