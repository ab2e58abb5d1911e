import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_NOT_IMAGE,
  TICKET_ATTACHMENT_TOO_LARGE,
} from '@tollgate/contract/tickets/tickets';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { pngDeclaring } from '#test/images.ts';
import { call, newTicket, openTicket, PNG, upload } from '#test/tickets-helpers.ts';
import {
  ATTACHMENT_MAX_SIDE,
  displayName,
  PENDING_PER_UPLOADER,
  TICKET_ATTACHMENT_TOO_MANY_PIXELS,
} from './ticket-attachments.service';
import { ticketAttachments, tickets } from './tickets.schema';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const signedIn = async (role: 'User' | 'Administrator' = 'User') => {
  const account = await server.buildAccount({ role });
  return { account, token: await server.tokenFor(account) };
};
const storedBy = async (uploaderId: string) =>
  (
    await server.database.db
      .select({ n: count() })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.uploaderId, uploaderId))
  )[0]!.n;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } });
const decoded = async (res: { body: { payload: { data: string } } }) => {
  const bytes = Buffer.from(res.body.payload.data, 'base64');
  return { bytes, meta: await sharp(bytes).metadata() };
};

describe('ticket images', () => {
  it('sends images with a ticket; its parties can read them, nobody else', async () => {
    const { account, token } = await signedIn();
    const up = await upload(server, token, PNG, { filename: '../../etc/<img src=x>screen\u202e.png' });
    expect(up.body).toMatchObject({
      status: 200,
      message: 'Image uploaded',
      payload: { name: '<img src=x>screen.png', contentType: 'image/webp' },
    });
    // The bytes decide, not the name or the browser's claim: a JPEG called .png decodes as a JPEG.
    const jpeg = await upload(server, token, await solid(8, 6).jpeg().toBuffer(), { filename: 'photo.png' });
    expect(jpeg.body.payload.contentType).toBe('image/webp');
    const webp = await upload(server, token, await solid(8, 6).webp().toBuffer(), {
      filename: 'x.webp',
      type: 'image/webp',
    });
    expect(webp.status).toBe(200);

    const ticket = await openTicket(server, token, {
      attachmentIds: [up.body.payload.id, jpeg.body.payload.id, webp.body.payload.id],
    });
    expect(ticket.values[0].attachments.map((a: { id: string }) => a.id)).toEqual([
      up.body.payload.id,
      jpeg.body.payload.id,
      webp.body.payload.id,
    ]);
    const path = `ticket/${ticket._id}/attachments/${up.body.payload.id}`;
    const mine = await call(server, 'GET', `/api/v1/public/${path}`, token);
    expect((await decoded(mine)).meta).toMatchObject({ format: 'webp', width: 1, height: 1 });
    const admin = await signedIn('Administrator');
    const staff = await call(server, 'GET', `/api/v1/admin/${path}`, admin.token);
    expect(staff.body.payload).toMatchObject({ contentType: 'image/webp', data: mine.body.payload.data });

    const stranger = await signedIn();
    expect((await call(server, 'GET', `/api/v1/public/${path}`, stranger.token)).status).toBe(404);
    // Sent once: another message cannot take the same image.
    const reuse = await call(server, 'POST', `/api/v1/public/ticket/${ticket._id}`, token, {
      message: 'again',
      attachmentIds: [up.body.payload.id],
    });
    expect(reuse).toMatchObject({ status: 400, body: { message: 'Unknown attachment' } });
    expect(await storedBy(account.id)).toBe(3);
  });

  it('refuses oversize, SVG, GIF and text dressed as PNG, and stores nothing', async () => {
    const { account, token } = await signedIn();
    const big = Buffer.concat([PNG, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES)]);
    const tooLarge = await upload(server, token, big);
    expect(tooLarge).toMatchObject({ status: 400, body: { message: TICKET_ATTACHMENT_TOO_LARGE } });
    const fakes: [Buffer, string][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'x.png'],
      [Buffer.from('just some text, honest'), 'notes.png'],
      [Buffer.alloc(0), 'empty.png'],
    ];
    for (const [bytes, filename] of fakes) {
      const res = await upload(server, token, bytes, { filename });
      expect(res).toMatchObject({ status: 400, body: { message: TICKET_ATTACHMENT_NOT_IMAGE } });
    }
    const wrongField = await upload(server, token, PNG, { field: 'image' });
    expect(wrongField.status).toBe(400);
    expect(await storedBy(account.id)).toBe(0);
  });

  it('accepts an image of exactly the size limit, and stores only its pixels', async () => {
    const { token } = await signedIn();
    const exact = Buffer.concat([PNG, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES - PNG.length)]);
    const res = await upload(server, token, exact);
    expect(res.status).toBe(200);
    expect(res.body.payload.size).toBeLessThan(1000);
  });

  it('refuses a small PNG declaring 10000x10000 pixels and stores nothing', async () => {
    const { account, token } = await signedIn();
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(server, token, bomb, { filename: 'bomb.png' });
    expect(res).toMatchObject({ status: 400, body: { message: TICKET_ATTACHMENT_TOO_MANY_PIXELS } });
    expect(await storedBy(account.id)).toBe(0);
  });

  it(`stores a photo re-encoded: no metadata, at most ${ATTACHMENT_MAX_SIDE} pixels a side`, async () => {
    const { token } = await signedIn();
    const photo = await solid(5000, 200)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-exif-owner', ImageDescription: 'home at 51.5N 0.12W' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const up = await upload(server, token, photo, { filename: 'street.jpg', type: 'image/jpeg' });
    expect(up.body.payload).toMatchObject({ contentType: 'image/webp', name: 'street.jpg' });
    const ticket = await openTicket(server, token, { attachmentIds: [up.body.payload.id] });
    const res = await call(
      server,
      'GET',
      `/api/v1/public/ticket/${ticket._id}/attachments/${up.body.payload.id}`,
      token,
    );
    const { bytes, meta } = await decoded(res);
    expect(meta).toMatchObject({ format: 'webp', width: ATTACHMENT_MAX_SIDE, height: 164 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes('secret-exif-owner')).toBe(false);
    expect(res.body.payload.size).toBe(bytes.length);
  });

  it('serves an attachment as a download that is never sniffed, whatever its stored bytes are', async () => {
    const { token } = await signedIn();
    const admin = await signedIn('Administrator');
    const up = await upload(server, token, PNG);
    const ticket = await openTicket(server, token, { attachmentIds: [up.body.payload.id] });
    const path = `ticket/${ticket._id}/attachments/${up.body.payload.id}`;
    const image = await call(server, 'GET', `/api/v1/public/${path}`, token);
    // A row stored before uploads were re-encoded holds whatever was sent, here not an image at all.
    await server.database.db
      .update(ticketAttachments)
      .set({ data: Buffer.from('<html><script>alert(1)</script></html>') })
      .where(eq(ticketAttachments.id, up.body.payload.id));
    const raw = await call(server, 'GET', `/api/v1/admin/${path}`, admin.token);
    for (const res of [image, raw]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('refuses someone else’s upload: no ticket is made and the day’s quota is untouched', async () => {
    const { account, token } = await signedIn();
    const other = await signedIn();
    const theirs = await upload(server, other.token, PNG);
    for (let i = 0; i < 4; i++) {
      const res = await call(
        server,
        'POST',
        '/api/v1/public/ticket',
        token,
        newTicket({ attachmentIds: [theirs.body.payload.id] }),
      );
      expect(res).toMatchObject({ status: 400, body: { message: 'Unknown attachment' } });
    }
    const ticketCount = await server.database.db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.accountId, account.id));
    expect(ticketCount[0]!.n).toBe(0);
    // All three of today's tickets are still there to open.
    for (let i = 0; i < 3; i++) await openTicket(server, token);
  });

  it('keeps a staff note’s image from the customer', async () => {
    const { token } = await signedIn();
    const admin = await signedIn('Administrator');
    const ticket = await openTicket(server, token);
    const image = await upload(server, admin.token, PNG, { staff: true });
    expect(image.status).toBe(200);
    const note = await call(server, 'POST', '/api/v1/admin/ticket', admin.token, {
      ticketId: ticket._id,
      message: 'Screenshot of their fraud score',
      internal: true,
      attachmentIds: [image.body.payload.id],
    });
    expect(note.body.payload.values[1].attachments).toHaveLength(1);
    const seen = await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token);
    expect(seen.text).not.toContain(image.body.payload.id);
    const direct = await call(
      server,
      'GET',
      `/api/v1/public/ticket/${ticket._id}/attachments/${image.body.payload.id}`,
      token,
    );
    expect(direct.status).toBe(404);
  });

  it('forgets uploads not sent within a day', async () => {
    const { account, token } = await signedIn();
    const old = await upload(server, token, PNG);
    await server.database.db
      .update(ticketAttachments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(ticketAttachments.id, old.body.payload.id));
    const late = await call(
      server,
      'POST',
      '/api/v1/public/ticket',
      token,
      newTicket({ attachmentIds: [old.body.payload.id] }),
    );
    expect(late).toMatchObject({ status: 400, body: { message: 'Unknown attachment' } });
    await upload(server, token, PNG);
    expect(await storedBy(account.id)).toBe(1);
  });
});

describe('pending uploads', () => {
  it(`keeps only the newest ${PENDING_PER_UPLOADER} waiting per uploader`, async () => {
    const { account, token } = await signedIn();
    const ids: string[] = [];
    for (let i = 0; i < PENDING_PER_UPLOADER + 2; i++) ids.push((await upload(server, token, PNG)).body.payload.id);
    expect(await storedBy(account.id)).toBe(PENDING_PER_UPLOADER);
    const oldest = await call(server, 'POST', '/api/v1/public/ticket', token, newTicket({ attachmentIds: [ids[0]] }));
    expect(oldest).toMatchObject({ status: 400, body: { message: 'Unknown attachment' } });
    const newest = await openTicket(server, token, { attachmentIds: ids.slice(-3) });
    expect(newest.values[0].attachments).toHaveLength(3);
  });
});

describe('displayName', () => {
  it('keeps only a readable base name of at most 120 characters', () => {
    expect(displayName('C:\\Users\\me\\shot.png')).toBe('shot.png');
    expect(displayName('a\u0000b\u0007c.png')).toBe('abc.png');
    expect(displayName('\ud800.png')).toBe('.png');
    expect(displayName('')).toBe('image');
    expect([...displayName('😀'.repeat(200))]).toHaveLength(120);
  });
});
