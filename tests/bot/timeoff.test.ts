// Issue 36, acceptance 3: with LARK_TIMEOFF=on an approved vacation becomes Lark time off — 2.5 days
// from an afternoon make one timed event and one all-day event, undoing the vacation deletes both —
// and the fake refuses an event that mixes dates and timestamps, as Lark does.
import * as lark from '@larksuiteoapi/node-sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask, TTaskNode } from '@portal/shared/contracts/tasks';
import { larkTimeoffEvents } from '../../api/src/db/schema/lark-native.ts';
import { eventually } from './support/cards.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let vacationId: number;

beforeAll(async () => {
  h = await startHarness({ botEnv: { LARK_TIMEOFF: 'on' } });
  vacationId = await h.workflowId('休暇申請');
});
afterAll(() => h?.close());

const seconds = (iso: string) => String(Date.parse(iso) / 1000);

describe('Lark time off', () => {
  it('makes a timed and an all-day event for 2.5 days from an afternoon, and undo deletes both', async () => {
    // Wednesday 15 January 2031 from the afternoon to Friday the 17th (特別休暇).
    const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${vacationId}/form/`, {
      category: '02',
      start_date: '2031-01-15',
      end_date: '2031-01-17',
      is_start_half: true,
      is_end_half: false,
      reason: '私用',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const taskId = res.body.id;
    for (const username of ['suzuki', 'sato']) {
      const nodes = (await h.as(username)<TTaskNode[]>('GET', `/api/task/tasks/${taskId}/nodes/`)).body;
      const node = nodes.find((n) => n.status === '01' && !n.is_observer)!;
      const acted = await h.as(username)('POST', `/api/task/tasks/${taskId}/nodes/${node.id}/approval/`, {
        action: 'approve',
      });
      expect(acted.status, JSON.stringify(acted.body)).toBe(200);
    }
    const stored = await eventually('both events stored', async () => {
      const rows = await h.db.select().from(larkTimeoffEvents).where(eq(larkTimeoffEvents.taskId, taskId));
      return rows.length === 2 ? rows : undefined;
    });
    const events = stored.map((r) => h.lark.timeoffEvents.get(r.timeoffEventId)!);
    // The demo contracts run 09:00–18:00: the afternoon is 14:00–18:00.
    expect(events.sort((a, b) => a.start_time.localeCompare(b.start_time))).toEqual([
      expect.objectContaining({
        user_id: openIdOf('yamada'),
        timezone: 'Asia/Tokyo',
        title: '休暇',
        start_time: seconds('2031-01-15T14:00:00+09:00'),
        end_time: seconds('2031-01-15T18:00:00+09:00'),
      }),
      expect.objectContaining({
        user_id: openIdOf('yamada'),
        timezone: 'Asia/Tokyo',
        title: '休暇',
        start_time: '2031-01-16',
        end_time: '2031-01-17',
      }),
    ]);
    const createsBefore = h.lark.apiCalls.timeoffCreate;

    const undo = await h.as('yamada')('POST', '/api/task/tasks/undo/vacation/', { task_id: taskId });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    await eventually('both events deleted', async () => {
      const rows = await h.db.select().from(larkTimeoffEvents).where(eq(larkTimeoffEvents.taskId, taskId));
      return rows.length === 0 ? true : undefined;
    });
    for (const row of stored) expect(h.lark.timeoffEvents.has(row.timeoffEventId)).toBe(false);
    expect(h.lark.apiCalls.timeoffDelete).toBe(2);
    expect(h.lark.apiCalls.timeoffCreate).toBe(createsBefore);
  });

  it('refuses an event that mixes a date and a timestamp (the fake, as Lark)', async () => {
    const client = new lark.Client({
      appId: h.lark.appId,
      appSecret: h.lark.appSecret,
      domain: h.lark.url,
      cache: new lark.DefaultCache(),
      loggerLevel: lark.LoggerLevel.error,
    });
    const mixed = await client.calendar.timeoffEvent
      .create({
        params: { user_id_type: 'open_id' },
        data: {
          user_id: openIdOf('yamada'),
          timezone: 'Asia/Tokyo',
          start_time: '2031-01-16',
          end_time: seconds('2031-01-16T18:00:00+09:00'),
        },
      })
      .then(
        (answer) => answer,
        (error: { response?: { status: number; data: { code: number } } }) => error.response,
      );
    expect(mixed).toMatchObject({ status: 400, data: { code: 190002 } });
  });
});
