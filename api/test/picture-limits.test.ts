// Issue 32, finding 10: pictures (avatars, the company logo) are decoded within limits fitted to
// their use. Over 12 MP is refused from the header, before the pixels are decoded (it was 40 MP);
// one picture is decoded at a time, with one libvips thread, so sign-ins keep libuv's other
// threads; a user may have 20 pictures decoded per ten minutes (429 beyond), others unaffected.
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PICTURE_DECODES_AT_ONCE,
  PICTURE_MSG,
  PICTURE_UPLOADS_PER_USER,
  pictureDecodes,
} from '../src/files/pictures.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

async function putAvatar(username: string, bytes: Buffer) {
  return request(t.app)
    .put('/api/account/avatar/')
    .set(await as(username))
    .send({ content: bytes.toString('base64') });
}

describe('the pixel limit', () => {
  it('refuses a 14 MP avatar and a 14 MP logo with 400 at the field, and takes 12 MP', async () => {
    const big = await png(4000, 3500);
    expect(big.length).toBeLessThan(2_000_000);
    const avatar = await putAvatar('yamada', big);
    expect(avatar.status).toBe(400);
    expect(avatar.body).toEqual({ content: [PICTURE_MSG.tooManyPixels('アバター')] });
    const logo = await request(t.app)
      .put('/api/admin/company/logo/')
      .set(await as('admin'))
      .send({ logo: big.toString('base64') });
    expect(logo.status).toBe(400);
    expect(logo.body).toEqual({ logo: [PICTURE_MSG.tooManyPixels('ロゴ')] });
    expect((await putAvatar('yamada', await png(4000, 3000))).status).toBe(200);
  });
});

describe('decoding', () => {
  it('runs one picture at a time on one libvips thread, and every upload is answered', async () => {
    expect(sharp.concurrency()).toBe(1);
    const picture = await png(3000, 3000);
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, pictureDecodes().active)), 1);
    const answers = await Promise.all(
      ['kato', 'sato', 'suzuki', 'hr'].map((name) => putAvatar(name, picture)),
    );
    clearInterval(sampler);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(most).toBeLessThanOrEqual(PICTURE_DECODES_AT_ONCE);
    expect(pictureDecodes()).toEqual({ active: 0, waiting: 0 });
  });
});

describe('the upload rate', () => {
  it(`answers a user's picture beyond ${PICTURE_UPLOADS_PER_USER.points} in the window with 429, not another user's`, async () => {
    const small = await png(8, 8);
    const statuses: number[] = [];
    for (let i = 0; i < PICTURE_UPLOADS_PER_USER.points; i++)
      statuses.push((await putAvatar('takahashi', small)).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await putAvatar('takahashi', small);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: PICTURE_MSG.tooManyUploads, code: 'throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await putAvatar('admin', small)).status).toBe(200);
  });
});
