import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#platform/db/schema.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(token: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${server.url}/api/v1/public/updatemyavatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const profileBody = {
  legalname: 'Ada',
  legalusername: 'Lovelace',
  bilingemail: 'billing@example.test',
  country: 'DE',
  companyname: 'Analytical Engines GmbH',
  vatid: 'DE123456789',
  phonenumber: '+49 30 123456',
  billingaddress: 'Unter den Linden 1',
  city: 'Berlin',
  zipcode: '10117',
};

describe('settings page calls', () => {
  it('lists countries by name with ISO codes', async () => {
    const account = await server.buildAccount();
    const res = await server.request('GET', '/api/v1/auth/country/profile', { token: await server.tokenFor(account) });
    expect(res.body.payload.countries.length).toBeGreaterThan(240);
    expect(res.body.payload.countries).toContainEqual({ code: 'DE', name: 'Germany' });
  });

  it('saves the basic profile under the spec wire names and ignores role, balance and flags', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const wrongEmail = await server.request('POST', '/api/v1/public/profile/edit-token', {
      token,
      body: { email: 'someone@else.test' },
    });
    expect(wrongEmail.body.message).toBe('Use the email address of your account');
    const edit = await server.request('POST', '/api/v1/public/profile/edit-token', {
      token,
      body: { email: account.email },
    });
    expect(edit.body.payload.profile).toMatchObject({
      email: account.email,
      username: account.username,
      legalname: '',
    });
    const saved = await server.request('PATCH', '/api/v1/public/profile/basic-info', {
      token,
      body: {
        ...profileBody,
        editToken: edit.body.payload.editToken,
        role: 'Administrator',
        balanceCents: 999_999,
        reseller: true,
      },
    });
    expect(saved.body).toMatchObject({ status: 200, message: 'Updated Successfully', payload: profileBody });
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row).toMatchObject({ role: 'User', balanceCents: 0, reseller: false });
  });

  it('refuses a profile save with a bad token, an unknown country or a bad billing email', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const { editToken } = (
      await server.request('POST', '/api/v1/public/profile/edit-token', { token, body: { email: account.email } })
    ).body.payload;
    const badToken = await server.request('PATCH', '/api/v1/public/profile/basic-info', {
      token,
      body: { ...profileBody, editToken: 'x'.repeat(22) },
    });
    expect(badToken.body.message).toBe('Your edit session expired. Reload the page and try again.');
    const badCountry = await server.request('PATCH', '/api/v1/public/profile/basic-info', {
      token,
      body: { ...profileBody, editToken, country: 'XQ' },
    });
    expect(badCountry.body.message).toBe('Choose a country from the list');
    const badEmail = await server.request('PATCH', '/api/v1/public/profile/basic-info', {
      token,
      body: { ...profileBody, editToken, bilingemail: 'nope' },
    });
    expect(badEmail.body.payload.fields[0].path).toBe('body.bilingemail');
    // Another account's edit token does not work either.
    const other = await server.buildAccount();
    const otherToken = await server.tokenFor(other);
    const foreign = await server.request('PATCH', '/api/v1/public/profile/basic-info', {
      token: otherToken,
      body: { ...profileBody, editToken },
    });
    expect(foreign.status).toBe(400);
  });

  it('changes the password only with the right current one and ends the other sessions', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const other = await server.tokenFor(account);
    const wrong = await server.request('PATCH', '/api/v1/public/profile/password', {
      token,
      body: { currentPassword: 'nope-nope', newPassword: 'Fresh-password-9' },
    });
    expect(wrong.body.message).toBe('Current password is incorrect');
    const ok = await server.request('PATCH', '/api/v1/public/profile/password', {
      token,
      body: { currentPassword: account.password, newPassword: 'Fresh-password-9' },
    });
    expect(ok.body.message).toBe('Password changed');
    expect((await server.request('GET', '/api/v1/auth/me', { token: other })).status).toBe(401);
    expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(200);
  });

  it('stores a real image as the avatar under a server-chosen name and serves it safely', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const res = await upload(token, PNG, '../../evil name.png', 'image/png');
    expect(res.body.message).toBe('Avatar updated');
    // Stored re-encoded (see avatar.test.ts), never as uploaded.
    expect(res.body.payload.avatarUrl).toMatch(/^\/uploads\/avatars\/avatar-[a-z0-9]+-[a-z0-9]{6}\.webp$/);
    const file = await fetch(`${server.url}${res.body.payload.avatarUrl}`);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(8, 12)
        .toString('latin1'),
    ).toBe('WEBP');
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.avatarUrl).toBe(
      res.body.payload.avatarUrl,
    );

    const removed = await server.request('DELETE', '/api/v1/public/deletemyavatar', { token });
    expect(removed.body.message).toBe('Avatar deleted');
    expect((await fetch(`${server.url}${res.body.payload.avatarUrl}`)).status).toBe(404);
  });

  it('refuses a text file named .png, an SVG and an image over 2 MB', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const fake = await upload(token, Buffer.from('just some text, not an image'), 'photo.png', 'image/png');
    expect(fake).toMatchObject({ status: 400, body: { message: 'Upload a PNG, JPEG, WebP or GIF image' } });
    const svg = await upload(
      token,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);
    const big = await upload(token, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(big).toMatchObject({ status: 400, body: { message: 'The image is larger than 2 MB' } });
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.avatarUrl).toBeNull();
  });

  it('lists active sessions with the current one first and signs out another', async () => {
    const account = await server.buildAccount();
    const older = await server.tokenFor(account);
    const token = await server.tokenFor(account);
    const list = await server.request('GET', '/api/v1/public/sessions', { token });
    expect(list.body.payload.sessions).toHaveLength(2);
    expect(list.body.payload.sessions[0].current).toBe(true);
    const otherId = list.body.payload.sessions[1].id;
    expect((await server.request('DELETE', `/api/v1/public/sessions/${otherId}`, { token })).body.message).toBe(
      'Session signed out',
    );
    expect((await server.request('GET', '/api/v1/auth/me', { token: older })).status).toBe(401);
    // Someone else's session id is simply unknown to this account.
    const stranger = await server.buildAccount();
    const strangerSession = (
      await server.request('GET', '/api/v1/public/sessions', { token: await server.tokenFor(stranger) })
    ).body.payload.sessions[0].id;
    expect((await server.request('DELETE', `/api/v1/public/sessions/${strangerSession}`, { token })).status).toBe(404);
  });

  it('toggles the email subscription and unsubscribes with the one-click link', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const off = await server.request('PATCH', '/api/v1/public/email-subscription', {
      token,
      body: { subscribed: false },
    });
    expect(off.body.payload).toEqual({ subscribed: false, reminders: true });
    await server.request('PATCH', '/api/v1/public/email-subscription', { token, body: { subscribed: true } });
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.emailSubscribed).toBe(true);

    const { createProfileService } = await import('./profile.service');
    const link = createProfileService({ config: server.config } as never).unsubscribeUrl(account.id, server.url);
    const query = new URL(link).search;
    const res = await server.request('GET', `/api/v1/public/email-subscription/cancel${query}`);
    expect(res.body).toMatchObject({
      message: 'You have been unsubscribed',
      payload: { email: account.email, topic: 'news' },
    });
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.emailSubscribed).toBe(false);
    const forged = await server.request(
      'GET',
      `/api/v1/public/email-subscription/cancel?token=${account.id}.forged-signature-value`,
    );
    expect(forged.body.message).toBe('This unsubscribe link is invalid');
  });

  it('deletes only your own account, with your password, and frees its email', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const stranger = await server.buildAccount();
    expect(
      (
        await server.request('DELETE', `/api/v1/public/accounts/${stranger.id}`, {
          token,
          body: { password: account.password },
        })
      ).body.message,
    ).toBe('forbidden');
    expect(
      (
        await server.request('DELETE', `/api/v1/public/accounts/${account.id}`, {
          token,
          body: { password: 'wrong-one' },
        })
      ).body.message,
    ).toBe('Password is incorrect');
    const done = await server.request('DELETE', `/api/v1/public/accounts/${account.id}`, {
      token,
      body: { password: account.password },
    });
    expect(done.body).toEqual({ status: 200, message: 'Account deleted', payload: null });
    expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    expect(
      (
        await server.request('POST', '/api/v1/auth/login', {
          body: { login: account.email, password: account.password },
        })
      ).status,
    ).toBe(400);
    const again = await server.request('POST', '/api/v1/auth/register', {
      body: { username: 'second_life', email: account.email, password: 'Long-enough-1', acceptTerms: true },
    });
    expect(again.status).toBe(200);
  });
});
