// A portal user's Lark user is the open_id stored at Lark sign-in, or else looked up by e-mail
// (architecture.md "Notifications and the bot"): an approver who never signed in through Lark but
// whose address Lark knows gets the approval card — the open_id is stored, so their click acts for
// them and Lark is asked once; one Lark does not know is skipped cleanly (no card, no failed job) and
// not asked about again and again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask } from '@portal/shared/contracts/tasks';
import { SUCCESS } from '@portal/shared/messages';
import { larkBindings } from '../../api/src/db/schema/lark.ts';
import { users } from '../../api/src/db/schema/users.ts';
import { sendCardCallback } from '../support/fakes/fake-lark.ts';
import { buttonValue, eventually, textOf } from './support/cards.ts';
import { drained } from './support/drained.ts';
import { ENCRYPT_KEY, VERIFICATION_TOKEN, startHarness, type Harness } from './support/harness.ts';

/** Lark's answer when the app lacks the scope an API needs. */
const NO_SCOPE = 99991672;

let h: Harness;
let ringiId: number;
let suzukiId: number;

beforeAll(async () => {
  h = await startHarness();
  ringiId = await h.workflowId('一般稟議');
  // suzuki, the first approver of yamada's 一般稟議, never signed in through Lark.
  const [suzuki] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'suzuki'));
  suzukiId = suzuki!.id;
  await h.db.delete(larkBindings).where(eq(larkBindings.userId, suzukiId));
});
afterAll(() => h?.close());

async function submitRingi(title: string): Promise<TTask> {
  const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
    title,
    content: `${title}の内容`,
    amount: 5000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const cardsAbout = (taskId: number) =>
  h.lark.messages.filter((m) => buttonValue(m.content, 'approve')?.task_id === taskId);

async function storedOpenId(userId: number): Promise<string | undefined> {
  const [row] = await h.db
    .select({ openId: larkBindings.openId })
    .from(larkBindings)
    .where(eq(larkBindings.userId, userId));
  return row?.openId;
}

describe('Lark users looked up by e-mail', () => {
  it('skips an approver Lark does not know: no card, no failed job, and Lark is not asked again', async () => {
    // The app lacks the scope: Lark refuses the lookup. The card is skipped and nothing remembered.
    h.lark.failNext({ on: 'lookup', code: NO_SCOPE, httpStatus: 400 });
    const refused = await submitRingi('権限なし');
    await drained(h);
    expect(h.lark.lookups).toEqual([['suzuki@example.com']]);

    // Lark answers, but does not know the address: remembered, so the next event does not ask.
    const unknown = await submitRingi('Lark 未登録');
    await drained(h);
    const again = await submitRingi('Lark 未登録 その2');
    await drained(h);
    expect(h.lark.lookups).toEqual([['suzuki@example.com'], ['suzuki@example.com']]);

    for (const task of [refused, unknown, again]) expect(cardsAbout(task.id), `task ${task.id}`).toEqual([]);
    expect(await h.queues.events.getFailedCount()).toBe(0);
    expect(await h.queues.lark.getFailedCount()).toBe(0);
    expect(await storedOpenId(suzukiId)).toBeUndefined();
  });

  it('sends the card to an approver Lark knows by e-mail, stores the open_id, and takes their click', async () => {
    // suzuki's address changes to one Lark knows (a changed address is asked about at once).
    await h.db.update(users).set({ email: 'ichiro.suzuki@example.com' }).where(eq(users.id, suzukiId));
    h.lark.addUser({ open_id: 'ou_lark_suzuki', email: 'Ichiro.Suzuki@example.com', name: '鈴木 一郎' });

    // Lark is down for the first lookup: the event is retried, not the approver skipped.
    h.lark.failNext({ on: 'lookup', code: 1, httpStatus: 503 });
    const before = h.lark.lookups.length;
    const task = await submitRingi('サーバー購入');
    const card = await eventually('the card to the Lark user found by e-mail', () => cardsAbout(task.id)[0]);
    expect(card.receive_id).toBe('ou_lark_suzuki');
    expect(textOf(card.content)).toContain('サーバー購入');
    // Down, then found; then the same address again for Lark's tenant user_id (a second id type).
    expect(h.lark.lookups.slice(before)).toEqual([
      ['ichiro.suzuki@example.com'],
      ['ichiro.suzuki@example.com'],
      ['ichiro.suzuki@example.com'],
    ]);
    expect(await storedOpenId(suzukiId)).toBe('ou_lark_suzuki');

    // The stored open_id is theirs: the click approves for them.
    const res = await sendCardCallback({
      url: h.callbackUrl,
      encryptKey: ENCRYPT_KEY,
      verificationToken: VERIFICATION_TOKEN,
      openId: 'ou_lark_suzuki',
      value: buttonValue(card.content, 'approve')!,
      encrypt: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({ type: 'success', content: SUCCESS.approved });

    // Looked up once: the next card goes to the stored open_id without asking Lark.
    const lookups = h.lark.lookups.length;
    const next = await submitRingi('研修参加');
    const nextCard = await eventually('the next card', () => cardsAbout(next.id)[0]);
    expect(nextCard.receive_id).toBe('ou_lark_suzuki');
    await drained(h);
    expect(h.lark.lookups).toHaveLength(lookups);
  });
});
