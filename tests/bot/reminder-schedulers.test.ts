// The reminder schedulers on a real Redis: every replica upserts them at start and Redis keeps one of
// each; the tick BullMQ queues carries the time it is meant for, which is what the handler reads.
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_QUEUE } from '@portal/shared/contracts/bot-jobs';
import { closeRedis, createRedis } from '../../bot/src/queue/connection.ts';
import { loadReminderSettings } from '../../bot/src/config/reminder-settings.ts';
import {
  REMINDER_SCHEDULERS,
  scheduledAt,
  upsertReminderSchedulers,
} from '../../bot/src/reminders/schedulers.ts';
import { startRedisServer, type RedisServer } from '../support/redis-server.ts';

let server: RedisServer;
let redis: Redis;
let events: Queue;

beforeAll(async () => {
  server = await startRedisServer();
  redis = createRedis(server.url);
  events = new Queue(EVENTS_QUEUE, { connection: redis, prefix: `portal-${randomUUID()}` });
});
afterAll(async () => {
  await events?.close();
  if (redis) await closeRedis(redis);
  await server?.stop();
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
