// Issue #6, acceptance 1: a submitted request posts a card to the approver; a click approves in the
// database and the answer carries the updated card; a send back without a comment is refused on the
// card; a web approval patches the card already sent; the applicant hears the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask, TTaskNode } from '@portal/shared/contracts/tasks';
import { BOT_MSG, SUCCESS } from '@portal/shared/messages';
import { sendCardCallback } from '../support/fakes/fake-lark.ts';
import { buttonValue, eventually, messagesTo, textOf, titleOf } from './support/cards.ts';
import { ENCRYPT_KEY, VERIFICATION_TOKEN, openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let ringiId: number;

beforeAll(async () => {
  h = await startHarness();
  ringiId = await h.workflowId('一般稟議');
});
afterAll(() => h?.close());

async function submitRingi(title: string): Promise<TTask> {
  const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
    title,
    content: `${title}の内容`,
    amount: 12000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function nodes(taskId: number): Promise<TTaskNode[]> {
  const res = await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${taskId}/nodes/`);
  return res.body.filter((n) => !n.is_observer);
}

/** The card about `taskId` that `username` received (waits for it). */
async function cardFor(username: string, taskId: number) {
  return eventually(`a card for ${username} about task ${taskId}`, () =>
    messagesTo(h.lark, openIdOf(username)).find((m) => buttonValue(m.content, 'approve')?.task_id === taskId),
  );
}

function click(username: string, value: Record<string, unknown>, formValue: Record<string, unknown> = {}) {
  return sendCardCallback({
    url: h.callbackUrl,
    encryptKey: ENCRYPT_KEY,
    verificationToken: VERIFICATION_TOKEN,
    openId: openIdOf(username),
    value,
    formValue,
    encrypt: true,
  });
}

describe('approval cards', () => {
  it('posts a card to the approver when a request is submitted: workflow, applicant, organisation, fields, buttons', async () => {
    const task = await submitRingi('サーバー購入');
    const message = await cardFor('suzuki', task.id);
    expect(message.msg_type).toBe('interactive');
    expect(titleOf(message.content)).toBe(BOT_MSG.approvalTitle('一般稟議'));
    const text = textOf(message.content);
    expect(text).toContain('山田 太郎');
    expect(text).toContain('開発一課');
    expect(text).toContain('サーバー購入');
    expect(text).toContain('12000');
    expect(text).toContain(BOT_MSG.openInPortal);
    for (const action of ['approve', 'send_back', 'reject'])
      expect(buttonValue(message.content, action), action).toMatchObject({ task_id: task.id });
    // Only the node's approver: nobody else got a card.
    expect(
      h.lark.messages.filter((m) => buttonValue(m.content, 'approve')?.task_id === task.id),
    ).toHaveLength(1);
  });

  it('approves from the card: the database moves on and the answer carries the updated card', async () => {
    const task = await submitRingi('研修参加');
    const message = await cardFor('suzuki', task.id);
    const res = await click('suzuki', buttonValue(message.content, 'approve')!, {
      comment: '良いと思います',
    });
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({ type: 'success', content: SUCCESS.approved });
    const card = (res.body.card as { type: string; data: Record<string, unknown> }).data;
    expect(titleOf(card)).toBe(BOT_MSG.handledTitle('一般稟議'));
    expect(textOf(card)).toContain(SUCCESS.approved);
    expect(textOf(card)).toContain('鈴木 一郎');
    expect(buttonValue(card, 'approve')).toBeUndefined();

    const [first, second] = await nodes(task.id);
    expect(first).toMatchObject({ status: '90', acted_by_name: '鈴木 一郎', comment: '良いと思います' });
    expect(second!.status).toBe('01');
    // The next approver (部長 佐藤) gets their card.
    await cardFor('sato', task.id);
  });

  it('refuses a send back without a comment on the card, and sends back with one', async () => {
    const task = await submitRingi('出張申請');
    const message = await cardFor('suzuki', task.id);
    const value = buttonValue(message.content, 'send_back')!;
    const refused = await click('suzuki', value, { comment: '   ' });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ toast: { type: 'error', content: BOT_MSG.commentRequired } });
    expect((await nodes(task.id))[0]!.status).toBe('01');

    const done = await click('suzuki', value, { comment: '日程を見直してください' });
    expect(done.body.toast).toEqual({ type: 'success', content: SUCCESS.sentBack });
    expect(textOf((done.body.card as { data: Record<string, unknown> }).data)).toContain(SUCCESS.sentBack);
    expect((await nodes(task.id))[0]).toMatchObject({ status: '02', comment: '日程を見直してください' });
    // The applicant hears it.
    const told = await eventually('the applicant hears of the send back', () =>
      messagesTo(h.lark, openIdOf('yamada')).find((m) =>
        titleOf(m.content).startsWith(BOT_MSG.resultTitle['02']!),
      ),
    );
    expect(textOf(told.content)).toContain('日程を見直してください');
  });

  it('updates the card already sent when the request is approved in the web', async () => {
    const task = await submitRingi('備品購入');
    const message = await cardFor('suzuki', task.id);
    const node = (await nodes(task.id))[0]!;
    const res = await h.as('suzuki')('POST', `/api/task/tasks/${task.id}/nodes/${node.id}/approval/`, {
      action: 'approve',
    });
    expect(res.status).toBe(200);
    const patch = await eventually('the card to be patched', () =>
      h.lark.patches.find((p) => p.message_id === message.message_id),
    );
    expect(titleOf(patch.content)).toBe(BOT_MSG.handledTitle('一般稟議'));
    expect(textOf(patch.content)).toContain(SUCCESS.approved);
    expect(buttonValue(patch.content, 'approve')).toBeUndefined();
  });

  it('says the request was already handled when a card is clicked after the web acted', async () => {
    const task = await submitRingi('ソフト購入');
    const message = await cardFor('suzuki', task.id);
    const node = (await nodes(task.id))[0]!;
    await h.as('suzuki')('POST', `/api/task/tasks/${task.id}/nodes/${node.id}/approval/`, {
      action: 'send_back',
      comment: 'ウェブで差戻し',
    });
    const res = await click('suzuki', buttonValue(message.content, 'approve')!);
    expect(res.body.toast).toEqual({ type: 'info', content: BOT_MSG.alreadyHandled });
    const text = textOf((res.body.card as { data: Record<string, unknown> }).data);
    expect(text).toContain(BOT_MSG.alreadyHandled);
    expect(text).toContain('差戻し');
    expect((await nodes(task.id))[0]!.status).toBe('02');
  });

  it('tells the applicant when the last approver approves', async () => {
    const task = await submitRingi('最終承認');
    for (const username of ['suzuki', 'sato', 'takahashi']) {
      const message = await cardFor(username, task.id);
      const res = await click(username, buttonValue(message.content, 'approve')!);
      expect(res.body.toast, username).toEqual({ type: 'success', content: SUCCESS.approved });
    }
    const told = await eventually('the applicant hears of the approval', () =>
      messagesTo(h.lark, openIdOf('yamada')).find(
        (m) =>
          titleOf(m.content) === `${BOT_MSG.resultTitle['90']}：一般稟議` &&
          textOf(m.content).includes('最終承認'),
      ),
    );
    expect(textOf(told.content)).toContain('高橋 健一');
  });
});
