import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { pngDeclaring } from '#test/images.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

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
const stored = async (url: string) => Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
const signedIn = async () => server.tokenFor(await server.buildAccount());

describe('avatar re-encoding', () => {
  it('refuses a small PNG declaring 20000x20000 pixels and stores nothing', async () => {
    const token = await signedIn();
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(token, bomb, 'bomb.png', 'image/png');
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Avatar update failed: the image is over 40 megapixels. Upload a smaller one.' },
    });
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.avatarUrl).toBeNull();
  });

  it('stores a large photo re-encoded as WebP at most 512 pixels a side', async () => {
    const token = await signedIn();
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const res = await upload(token, photo, 'wide.png', 'image/png');
    expect(res.status).toBe(200);
    const meta = await sharp(await stored(res.body.payload.avatarUrl)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 288 });
  });

  it('drops the EXIF of a JPEG', async () => {
    const token = await signedIn();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3366' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-exif-owner', ImageDescription: 'home at 51.5N 0.12W' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(token, jpeg, 'me.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const bytes = await stored(res.body.payload.avatarUrl);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes('secret-exif-owner')).toBe(false);
  });

  it('goes by the content, not the name: a PNG named .jpg is decoded as the PNG it is', async () => {
    const token = await signedIn();
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const res = await upload(token, png, 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.payload.avatarUrl).toMatch(/\.webp$/);
    expect(await sharp(await stored(res.body.payload.avatarUrl)).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('refuses a file that starts like a PNG but does not decode', async () => {
    const token = await signedIn();
    const broken = Buffer.concat([pngDeclaring(10, 10).subarray(0, 33), Buffer.from('garbage, not pixel data')]);
    const res = await upload(token, broken, 'broken.png', 'image/png');
    expect(res).toMatchObject({ status: 400, body: { message: 'Upload a PNG, JPEG, WebP or GIF image' } });
  });
});
