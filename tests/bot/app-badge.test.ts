// Issue 36, acceptance 4: with LARK_BADGE=on the app badge shows each user's 承認待ち (approval_tasks
// of account/statistics), set from the server: it follows approve and undo for an approver and a
// proxy, and a version conflict is tried again with a new version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatistics } from '@portal/shared/contracts/account';
import type { TTask, TTaskNode } from '@portal/shared/contracts/tasks';
import { eventually } from './support/cards.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let ringiId: number;

beforeAll(async () => {
  h = await startHarness({ botEnv: { LARK_BADGE: 'on' } });
  ringiId = await h.workflowId('一般稟議');
});
afterAll(() => h?.close());

const awaitingCount = async (username: string) =>
  (await h.as(username)<TStatistics>('GET', '/api/account/statistics/')).body.approval_tasks;

/** Waits until the badge Lark holds for the user shows their 承認待ち, on desktop and mobile. */
async function badgeFollows(username: string) {
  const expected = await awaitingCount(username);
  return eventually(`${username}'s badge at ${expected}`, () => {
    const badge = h.lark.badges.get(openIdOf(username));
    return badge && badge.pc === expected && badge.mobile === expected ? badge : undefined;
  });
}

describe('the app badge', () => {
  it('follows approve and undo for an approver and a proxy', async () => {
    const submitted = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
      title: 'バッジ',
      content: '内容',
    });
    expect(submitted.status).toBe(201);
    const taskId = submitted.body.id;
    const suzukiBefore = await badgeFollows('suzuki');
    expect(suzukiBefore.pc).toBeGreaterThan(0);

    const [boss] = (await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${taskId}/nodes/`)).body;
    const tanakaBefore = await awaitingCount('tanaka');
    const approved = await h.as('suzuki')('POST', `/api/task/tasks/${taskId}/nodes/${boss!.id}/approval/`, {
      action: 'approve',
    });
    expect(approved.status).toBe(200);
    // suzuki has one less; sato (部長) and tanaka, standing in for him today, one more.
    const suzuki = await badgeFollows('suzuki');
    expect(suzuki.pc).toBe(suzukiBefore.pc - 1);
    expect(suzuki.version).toBeGreaterThan(suzukiBefore.version);
    await badgeFollows('sato');
    const tanaka = await badgeFollows('tanaka');
    expect(tanaka.pc).toBe(tanakaBefore + 1);

    const undone = await h.as('suzuki')('POST', `/api/task/tasks/${taskId}/nodes/${boss!.id}/undo/`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await badgeFollows('suzuki')).pc).toBe(suzukiBefore.pc);
    expect((await badgeFollows('tanaka')).pc).toBe(tanakaBefore);
  });

  it('tries again with a new version after a version conflict', async () => {
    const before = h.lark.badges.get(openIdOf('suzuki'))?.version ?? 0;
    const callsBefore = h.lark.apiCalls.appBadge;
    h.lark.failNext({ on: 'appBadge', code: 213002, httpStatus: 400 });
    const submitted = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
      title: 'バッジ衝突',
      content: '内容',
    });
    expect(submitted.status).toBe(201);
    const badge = await badgeFollows('suzuki');
    expect(badge.version).toBeGreaterThan(before);
    // The refused call, then the one with a new version (per badge job; others may follow).
    expect(h.lark.apiCalls.appBadge - callsBefore).toBeGreaterThanOrEqual(2);
    expect(await h.queues.events.getFailedCount()).toBe(0);
  });
});
