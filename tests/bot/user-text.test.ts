// Issue 27, acceptance 1 and 3 end to end: an applicant's name and organisation, a request's 件名 and
// an approver's comment typed to mention everyone, colour, link and restructure travel through the
// API, the relay and the bot to the fake Lark. Every markdown element carries them as entities, the
// text reads exactly as typed, and the cards still show our labels in bold and our link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminPerson } from '@portal/shared/contracts/admin';
import type { TTask } from '@portal/shared/contracts/tasks';
import { BOT_MSG, SUCCESS } from '@portal/shared/messages';
import { HOSTILE, decodeEntities, markdownProblems } from '../../bot/test/support/hostile-text.ts';
import { sendCardCallback } from '../support/fakes/fake-lark.ts';
import { buttonValue, eventually, markdownOf, messagesTo, textOf, titleOf } from './support/cards.ts';
import { ENCRYPT_KEY, VERIFICATION_TOKEN, openIdOf, startHarness, type Harness } from './support/harness.ts';

const [MENTION, HEADING, LINK, LIST] = HOSTILE as [string, string, string, string];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

type Json = Record<string, unknown>;

/** Every markdown element of the card passes the checks; their decoded text, joined. */
function checkedMarkdown(card: Json): string {
  const contents = markdownOf(card);
  expect(contents.length).toBeGreaterThan(0);
  for (const content of contents) expect(markdownProblems(content), content).toEqual([]);
  return contents.map(decodeEntities).join('\n');
}

/** The card's open_url buttons: their text and where they go. */
function links(card: Json): { text: unknown; url: unknown }[] {
  const found: { text: unknown; url: unknown }[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      const o = n as Json;
      const open = Array.isArray(o.behaviors)
        ? (o.behaviors as Json[]).find((b) => b.type === 'open_url')
        : undefined;
      if (o.tag === 'button' && open) found.push({ text: o.text, url: open.default_url });
      Object.values(o).forEach(walk);
    }
  };
  walk(card);
  return found;
}

describe('user text on the way to Lark', () => {
  it('name, organisation, 件名 and comment show as typed: no mention, colour, link or heading', async () => {
    // HR renames yamada and yamada's organisation to text meant to mention everyone and to link.
    const found = await h.as('admin')<{ results: { id: number; username: string | null }[] }>(
      'GET',
      '/api/admin/people/?query=yamada',
    );
    const yamada = found.body.results.find((p) => p.username === 'yamada')!;
    const person = await h.as('admin')<TAdminPerson>('GET', `/api/admin/people/${yamada.id}/`);
    const renamed = await h.as('admin')('PATCH', `/api/admin/people/${yamada.id}/`, {
      last_name: MENTION,
      first_name: '太郎',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const orgId = person.body.positions[0]!.organization_id;
    const moved = await h.as('admin')('PATCH', `/api/admin/organizations/${orgId}/`, { name: LINK });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const ringi = await h.workflowId('一般稟議');
    const submitted = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringi}/form/`, {
      title: LIST,
      content: HEADING,
      amount: 12000,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const taskId = submitted.body.id;

    const card = await eventually('the approver’s card', () =>
      messagesTo(h.lark, openIdOf('suzuki')).find(
        (m) => buttonValue(m.content, 'approve')?.task_id === taskId,
      ),
    );
    const shown = checkedMarkdown(card.content);
    expect(shown).toContain(`**件名**：${LIST}`);
    expect(shown).toContain(`**内容**：${HEADING}`);
    expect(shown).toContain(`**申請者**：${MENTION} 太郎`);
    expect(shown).toContain(LINK);
    expect(titleOf(card.content)).toBe(BOT_MSG.approvalTitle('一般稟議'));
    expect(links(card.content)).toEqual([
      {
        text: { tag: 'plain_text', content: BOT_MSG.openInPortal },
        url: expect.stringMatching(/^https?:\/\//),
      },
    ]);

    // suzuki sends it back with a comment typed to colour and restructure.
    const done = await sendCardCallback({
      url: h.callbackUrl,
      encryptKey: ENCRYPT_KEY,
      verificationToken: VERIFICATION_TOKEN,
      openId: openIdOf('suzuki'),
      value: buttonValue(card.content, 'send_back')!,
      formValue: { comment: HEADING },
      encrypt: true,
    });
    expect(done.body.toast).toEqual({ type: 'success', content: SUCCESS.sentBack });
    const redrawn = (done.body.card as { data: Json }).data;
    expect(checkedMarkdown(redrawn)).toContain(`**コメント**：${HEADING}`);

    const told = await eventually('the applicant hears of the send back', () =>
      messagesTo(h.lark, openIdOf('yamada')).find((m) =>
        titleOf(m.content).startsWith(BOT_MSG.resultTitle['02']!),
      ),
    );
    const result = checkedMarkdown(told.content);
    expect(result).toContain(`**コメント**：${HEADING}`);
    expect(result).toContain(`**件名**：${LIST}`);
    expect(textOf(told.content)).toContain(BOT_MSG.openInPortal);
    expect(h.lark.messages.filter((m) => m.msg_type === 'text')).toEqual([]);
  });
});
