import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '#platform/db/schema.ts';
import { linkFrom } from '#test/auth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
let admin: string;
let n = 0;
const ip = () => ({ 'x-forwarded-for': `198.51.100.${++n}` });
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const register = (body: Record<string, unknown>) =>
  server.request('POST', '/api/v1/auth/register', { body, headers: ip() });
const accountNamed = async (username: string) =>
  (await server.database.db.select().from(accounts).where(eq(accounts.username, username)))[0];

describe('Terms of Service and Acceptable Use', () => {
  it('shows both texts to a visitor, with the version sign-up accepts', async () => {
    for (const [document, title] of [
      ['terms', 'Terms of Service'],
      ['acceptable-use', 'Acceptable Use Policy'],
    ]) {
      const res = await server.request('GET', `/api/v1/legal/${document}`);
      expect(res.status).toBe(200);
      expect(res.body.payload).toMatchObject({ document, title, version: 1, updatedAt: null });
      expect(res.body.payload.body.length).toBeGreaterThan(100);
    }
    expect((await server.request('GET', '/api/v1/legal/privacy')).status).toBe(400);
  });

  it('refuses a sign-up that did not accept them, naming the field, and creates nothing', async () => {
    for (const acceptTerms of [undefined, false, 'yes']) {
      const res = await register({
        username: 'no_terms',
        email: 'no-terms@example.test',
        password: 'Long-enough-1',
        ...(acceptTerms === undefined ? {} : { acceptTerms }),
      });
      expect(res.status).toBe(400);
      expect(res.body.payload.fields).toEqual([
        {
          path: 'body.acceptTerms',
          message: 'Accept the Terms of Service and Acceptable Use Policy to create an account',
        },
      ]);
    }
    expect(await accountNamed('no_terms')).toBeUndefined();
  });

  it('records when an account accepted which version', async () => {
    const res = await register({
      username: 'accepts_v1',
      email: 'v1@example.test',
      password: 'Long-enough-1',
      acceptTerms: true,
    });
    expect(res.status).toBe(200);
    const account = await accountNamed('accepts_v1');
    expect(account?.termsVersion).toBe(1);
    expect(Date.now() - account!.termsAcceptedAt!.getTime()).toBeLessThan(60_000);
  });

  it('lets only an Administrator rewrite a text; the change is audited and raises the version new sign-ups record', async () => {
    const body = { body: 'Be kind.\n\n## Payment\n- Prepaid balance only, no <script>alert(1)</script> tricks.' };
    const manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
    const customer = await server.tokenFor(await server.buildAccount());
    for (const token of [manager, customer]) {
      expect((await server.request('PUT', '/api/v1/admin/legal/terms', { token, body })).status).toBe(403);
    }
    expect((await server.request('PUT', '/api/v1/admin/legal/terms', { body })).status).toBe(403);

    const empty = await server.request('PUT', '/api/v1/admin/legal/terms', { token: admin, body: { body: '  ' } });
    expect(empty.status).toBe(400);
    const huge = await server.request('PUT', '/api/v1/admin/legal/terms', {
      token: admin,
      body: { body: 'x'.repeat(100_001) },
    });
    expect(huge.status).toBe(400);
    const control = await server.request('PUT', '/api/v1/admin/legal/terms', {
      token: admin,
      body: { body: 'Twenty characters and a \u0000 NUL' },
    });
    expect(control.status).toBe(400);
    expect((await server.request('GET', '/api/v1/legal/terms')).body.payload.version).toBe(1);

    const saved = await server.request('PUT', '/api/v1/admin/legal/terms', { token: admin, body });
    expect(saved.body).toMatchObject({ status: 200, message: 'Updated Successfully' });
    expect(saved.body.payload).toMatchObject({ document: 'terms', body: body.body, version: 2 });
    const shown = await server.request('GET', '/api/v1/legal/terms');
    expect(shown.body.payload).toMatchObject({ body: body.body, version: 2 });
    expect(shown.body.payload.updatedAt).not.toBeNull();
    const aup = await server.request('PUT', '/api/v1/admin/legal/acceptable-use', {
      token: admin,
      body: { body: 'No attacks, no spam, nothing illegal.' },
    });
    expect(aup.body.payload.version).toBe(3);

    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'legal.update'));
    expect(audits.map((a) => [a.targetId, (a.before as { version: number }).version])).toEqual([
      ['terms', 1],
      ['acceptable-use', 2],
    ]);
    await register({ username: 'accepts_v3', email: 'v3@example.test', password: 'Long-enough-1', acceptTerms: true });
    expect((await accountNamed('accepts_v3'))?.termsVersion).toBe(3);
  });

  it('counts every one of 10 saves at once: the version rises by exactly 10, each audited once', async () => {
    const before = (await server.request('GET', '/api/v1/legal/terms')).body.payload.version as number;
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.request('PUT', '/api/v1/admin/legal/terms', {
          token: admin,
          body: { body: `Parallel edit number ${i} of the terms.` },
        }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await server.request('GET', '/api/v1/legal/terms')).body.payload.version).toBe(before + 10);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'legal.update'));
    expect(audits.filter((a) => (a.after as { body: string }).body.startsWith('Parallel edit')).length).toBe(10);
  });

  it('sends the verification link back to the chosen plan, and refuses a next path that leaves the site', async () => {
    const next = '/purchase-plan/0b9e6a0e-7d0a-4c1e-9a34-1f5c2e0d9b11/25';
    const res = await register({
      username: 'buyer_next',
      email: 'next@example.test',
      password: 'Long-enough-1',
      acceptTerms: true,
      next,
    });
    expect(res.status).toBe(200);
    const link = await linkFrom(server, 'next@example.test', '/verify-email/process/');
    expect(new URL(link).searchParams.get('next')).toBe(next);
    for (const bad of ['https://evil.test/x', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/a b']) {
      const refused = await register({
        username: 'buyer_evil',
        email: 'evil@example.test',
        password: 'Long-enough-1',
        acceptTerms: true,
        next: bad,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.payload.fields[0].path).toBe('body.next');
    }
  });
});
