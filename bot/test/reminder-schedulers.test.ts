// The reminder schedulers on a real Redis: every replica upserts them at start and Redis keeps one of
// each; the tick BullMQ queues carries the time it is meant for, which is what the handler reads.
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_QUEUE } from '@portal/shared/contracts/bot-jobs';
import { closeRedis, createRedis } from '../src/queue/connection.ts';
import { loadReminderSettings } from '../src/reminders/reminder-settings.ts';
import { REMINDER_SCHEDULERS, scheduledAt, upsertReminderSchedulers } from '../src/reminders/schedulers.ts';

const redisUrl = process.env.REDIS_URL_FOR_TESTS ?? 'redis://127.0.0.1:6379';
const redis = createRedis(redisUrl);
// A prefix of its own: runs sharing a Redis never meet.
const prefix = `portal-test-${randomUUID()}`;
let events: Queue;

beforeAll(() => {
  events = new Queue(EVENTS_QUEUE, { connection: redis, prefix });
});
afterAll(async () => {
  await events?.obliterate({ force: true });
  await events?.close();
  await closeRedis(redis);
});

const tokyo = (at: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tokyo',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe('attendance reminder schedulers', () => {
  it('two replicas starting leave one scheduler of each kind, ticking weekdays at 10:00 in Tokyo', async () => {
    const settings = loadReminderSettings({});
    await upsertReminderSchedulers(events, settings);
    await upsertReminderSchedulers(events, settings);

    const schedulers = await events.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual(Object.values(REMINDER_SCHEDULERS).sort());
    for (const s of schedulers) {
      expect(s).toMatchObject({ name: 'attendance.remind', pattern: '0 0 10 * * 1-5', tz: 'Asia/Tokyo' });
      expect(tokyo(s.next!)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 10:00:00$/);
    }
    const monthEnd = await events.getJobScheduler(REMINDER_SCHEDULERS.month_end);
    expect(monthEnd?.template?.data).toEqual({
      key: REMINDER_SCHEDULERS.month_end,
      payload: { kind: 'month_end' },
    });

    // One waiting tick per scheduler, and it counts as the time it is scheduled for.
    const ticks = await events.getDelayed();
    expect(ticks).toHaveLength(2);
    for (const tick of ticks) {
      const scheduler = schedulers.find((s) => tick.repeatJobKey === s.key);
      expect(scheduledAt(tick).getTime()).toBe(scheduler?.next);
    }
  });

  it('a changed cron replaces the schedule, and ATTENDANCE_REMINDERS=off removes both', async () => {
    await upsertReminderSchedulers(
      events,
      loadReminderSettings({ REMINDER_NEXT_MONTH_CRON: '0 30 9 * * 1-5' }),
    );
    const nextMonth = await events.getJobScheduler(REMINDER_SCHEDULERS.next_month);
    expect(tokyo(nextMonth!.next!)).toMatch(/ 09:30:00$/);
    expect(await events.getJobSchedulersCount()).toBe(2);

    await upsertReminderSchedulers(events, loadReminderSettings({ ATTENDANCE_REMINDERS: 'off' }));
    expect(await events.getJobSchedulersCount()).toBe(0);
    expect(await events.getDelayed()).toEqual([]);
  });
});
