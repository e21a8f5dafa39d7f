// Issue #6, acceptance 1 (callbacks): on HTTP the bot checks the signature and a timestamp window
// itself: a bad signature, a stale timestamp or a replayed request is refused with 401 (the SDK alone
// would let unsigned 2.0 callbacks through). Lark's URL challenge is answered; a click redelivered by
// Lark with the same event id does not act twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask } from '@portal/shared/contracts/tasks';
import { BOT_MSG, SUCCESS } from '@portal/shared/messages';
import { larkEncrypt, sendCardCallback, type CardCallback } from '../support/fakes/fake-lark.ts';
import { buttonValue, eventually, messagesTo } from './support/cards.ts';
import { ENCRYPT_KEY, VERIFICATION_TOKEN, openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let value: Record<string, unknown>;

beforeAll(async () => {
  h = await startHarness();
  const ringiId = await h.workflowId('一般稟議');
  const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
    title: '署名テスト',
    content: '内容',
  });
  const card = await eventually('the card', () =>
    messagesTo(h.lark, openIdOf('suzuki')).find(
      (m) => buttonValue(m.content, 'approve')?.task_id === res.body.id,
    ),
  );
  value = buttonValue(card.content, 'approve')!;
});
afterAll(() => h?.close());

const callback = (overrides: Partial<CardCallback> = {}) =>
  sendCardCallback({
    url: h.callbackUrl,
    encryptKey: ENCRYPT_KEY,
    verificationToken: VERIFICATION_TOKEN,
    openId: openIdOf('suzuki'),
    // Refused requests must not act: send back without a comment would be refused anyway.
    value: { ...value, action: 'send_back' },
    formValue: { comment: '' },
    ...overrides,
  });

describe('HTTP card callbacks', () => {
  it('refuses a bad signature with 401', async () => {
    const res = await callback({ signWith: 'not-the-encrypt-key' });
    expect(res.status).toBe(401);
  });

  it('refuses a timestamp outside the window with 401', async () => {
    const res = await callback({ timestampSeconds: Math.floor(Date.now() / 1000) - 3600 });
    expect(res.status).toBe(401);
  });

  it('refuses a request without signature headers with 401', async () => {
    const res = await fetch(h.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ schema: '2.0', header: { event_type: 'card.action.trigger' }, event: {} }),
    });
    expect(res.status).toBe(401);
  });

  it('refuses a wrong verification token with 401', async () => {
    const res = await callback({ verificationToken: 'someone-elses-token' });
    expect(res.status).toBe(401);
  });

  it('answers a signed click, and refuses the same request replayed with 401', async () => {
    const first = await callback();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ toast: { type: 'error', content: BOT_MSG.commentRequired } });
    const replayed = await first.replay();
    expect(replayed.status).toBe(401);
  });

  it('acts once on a click Lark delivers twice (same event id)', async () => {
    const eventId = `ev-${Date.now()}`;
    const first = await callback({ value, formValue: {}, eventId, encrypt: true });
    expect(first.body.toast).toEqual({ type: 'success', content: SUCCESS.approved });
    const again = await callback({ value, formValue: {}, eventId, encrypt: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({});
  });

  it("answers Lark's URL challenge sent encrypted with our key", async () => {
    const body = JSON.stringify({
      encrypt: larkEncrypt(
        JSON.stringify({ type: 'url_verification', challenge: 'c-123', token: VERIFICATION_TOKEN }),
        ENCRYPT_KEY,
      ),
    });
    const res = await fetch(h.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: 'c-123' });

    const forged = JSON.stringify({
      encrypt: larkEncrypt(JSON.stringify({ type: 'url_verification', challenge: 'x' }), 'wrong-key'),
    });
    const refused = await fetch(h.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: forged,
    });
    expect(refused.status).toBe(401);
  });
});
