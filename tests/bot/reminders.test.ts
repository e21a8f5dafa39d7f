// Attendance reminders with a fixed clock (acceptance 2, the rule and the messages): which days remind
// about which month, and who gets what. The end-to-end run through Redis to the fake Lark is in
// reminders-e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { businessDays } from '@portal/shared/calendar/business-days';
import type { TLarkSendPayload, TPushNotifyPayload } from '@portal/shared/contracts/bot-jobs';
import type { TBotUnsubmittedAttendance } from '@portal/shared/contracts/bot-reminders';
import { reminderCard } from '../../bot/src/reminders/reminder-card.ts';
import { localDate, reminderMonth } from '../../bot/src/reminders/reminder-days.ts';
import { loadReminderSettings } from '../../bot/src/config/reminder-settings.ts';
import {
  remindAttendance,
  reminderKey,
  type ReminderDeps,
} from '../../bot/src/reminders/remind-attendance.ts';
import { scheduledAt } from '../../bot/src/reminders/schedulers.ts';

const settings = loadReminderSettings({});
/** 10:00 in Tokyo on `date`. */
const tokyo10 = (date: string) => new Date(`${date}T10:00:00+09:00`);

describe('reminder days (Asia/Tokyo, default calendar)', () => {
  // April 2026 ends …4/27, 4/28, (4/29 昭和の日), 4/30; May starts 5/1, (5/3–5/6 連休), 5/7, 5/8, 5/11.
  const april = businessDays(2026, 4);
  const may = businessDays(2026, 5);

  it('month_end reminds about this month on the business day before the last one only', () => {
    expect(reminderMonth('month_end', '2026-04-28', april, settings)).toEqual({ year: 2026, month: 4 });
    for (const day of ['2026-04-24', '2026-04-27', '2026-04-29', '2026-04-30']) {
      expect(reminderMonth('month_end', day, april, settings), day).toBeNull();
    }
    // Two days before: 4/27 and 4/28.
    const two = { ...settings, daysBeforeMonthEnd: 2 };
    expect(reminderMonth('month_end', '2026-04-27', april, two)).toEqual({ year: 2026, month: 4 });
    expect(reminderMonth('month_end', '2026-04-24', april, two)).toBeNull();
  });

  it('next_month reminds about the previous month on the first three business days', () => {
    for (const day of ['2026-05-01', '2026-05-07', '2026-05-08']) {
      expect(reminderMonth('next_month', day, may, settings), day).toEqual({ year: 2026, month: 4 });
    }
    for (const day of ['2026-05-04', '2026-05-06', '2026-05-11']) {
      expect(reminderMonth('next_month', day, may, settings), day).toBeNull();
    }
    // January reminds about December of the year before.
    expect(reminderMonth('next_month', '2027-01-04', businessDays(2027, 1), settings)).toEqual({
      year: 2026,
      month: 12,
    });
    expect(reminderMonth('next_month', '2026-05-01', may, { ...settings, firstBusinessDays: 0 })).toBeNull();
  });

  it('takes the date in the configured time zone', () => {
    // 00:30 in Tokyo on 4/28 is still 4/27 in UTC.
    const at = new Date('2026-04-27T15:30:00Z');
    expect(localDate(at, 'Asia/Tokyo')).toBe('2026-04-28');
    expect(localDate(at, 'UTC')).toBe('2026-04-27');
  });

  it('reads its settings from the environment and refuses bad ones', () => {
    expect(settings).toEqual({
      enabled: true,
      monthEndCron: '0 0 10 * * 1-5',
      nextMonthCron: '0 0 10 * * 1-5',
      timeZone: 'Asia/Tokyo',
      daysBeforeMonthEnd: 1,
      firstBusinessDays: 3,
    });
    expect(loadReminderSettings({ ATTENDANCE_REMINDERS: 'off', REMINDER_MONTH_END_CRON: '' }).enabled).toBe(
      false,
    );
    expect(() => loadReminderSettings({ REMINDER_TZ: 'Mars/Olympus' })).toThrow(/REMINDER_TZ/);
    expect(() => loadReminderSettings({ REMINDER_NEXT_MONTH_CRON: 'daily' })).toThrow(
      /REMINDER_NEXT_MONTH_CRON/,
    );
  });

  it('a tick counts as the time it was scheduled for, not when it ran', () => {
    const planned = tokyo10('2026-04-28').getTime();
    expect(scheduledAt({ opts: { prevMillis: planned }, timestamp: planned + 86_400_000 })).toEqual(
      new Date(planned),
    );
    expect(scheduledAt({ opts: {}, timestamp: planned })).toEqual(new Date(planned));
  });
});

const unsubmitted: TBotUnsubmittedAttendance = {
  year: 2026,
  month: 4,
  form_path: '/task/workflows/3/create?month=2026-04',
  employees: [
    { user_id: 11, code: 'E001', name: '山田 太郎', open_id: 'ou_yamada', lookup_email: null },
    { user_id: 12, code: 'E002', name: '佐藤 花子', open_id: 'ou_sato', lookup_email: null },
    { user_id: 13, code: 'E003', name: '田中 一郎', open_id: null, lookup_email: 'tanaka@example.com' },
  ],
};

/**
 * Deps that record what would be queued; the API answers from fixed data, Lark's directory knows
 * the addresses of `inLark` (address → open_id).
 */
function recordingDeps(push: boolean, inLark: Record<string, string> = {}) {
  const sent: TLarkSendPayload[] = [];
  const pushed: { key: string; payload: TPushNotifyPayload }[] = [];
  const asked: string[] = [];
  const deps: ReminderDeps = {
    api: {
      businessDays: async ({ year, month }) => {
        asked.push(`business-days ${year}-${month}`);
        return businessDays(year, month);
      },
      unsubmitted: async ({ year, month }) => {
        asked.push(`unsubmitted ${year}-${month}`);
        return { ...unsubmitted, year, month };
      },
    },
    settings,
    linkInLark: (path) =>
      `https://applink.example/open?url=${encodeURIComponent(`https://portal.example${path}`)}`,
    openIds: async (people) =>
      new Map(
        people.flatMap((p) => {
          const openId = p.open_id ?? inLark[p.lookup_email ?? ''];
          return openId ? [[p.user_id, openId] as const] : [];
        }),
      ),
    sendLark: async (payload) => void sent.push(payload),
    push: push ? async (key, payload) => void pushed.push({ key, payload }) : null,
  };
  return { deps, sent, pushed, asked };
}

describe('remindAttendance', () => {
  it('on a reminder day queues one card per unsubmitted employee with a Lark user, keyed employee + month + run date', async () => {
    const { deps, sent, pushed, asked } = recordingDeps(false);
    const run = await remindAttendance('month_end', tokyo10('2026-04-28'), deps);

    expect(asked).toEqual(['business-days 2026-4', 'unsubmitted 2026-4']);
    expect(run).toEqual({
      date: '2026-04-28',
      month: { year: 2026, month: 4 },
      messages: 2,
      pushes: 0,
      withoutLark: 1,
    });
    expect(sent.map((s) => [s.key, s.open_id, s.msg_type, s.card])).toEqual([
      ['att:11:202604:20260428', 'ou_yamada', 'interactive', null],
      ['att:12:202604:20260428', 'ou_sato', 'interactive', null],
    ]);
    expect(sent[0]?.content).toEqual(
      reminderCard(
        { kind: 'month_end', month: { year: 2026, month: 4 }, name: '山田 太郎', deadline: '2026-04-30' },
        'https://applink.example/open?url=https%3A%2F%2Fportal.example%2Ftask%2Fworkflows%2F3%2Fcreate%3Fmonth%3D2026-04',
      ),
    );
    expect(pushed).toEqual([]);
  });

  it('reaches an employee who never signed in through Lark by the open_id found by e-mail', async () => {
    const { deps, sent } = recordingDeps(false, { 'tanaka@example.com': 'ou_found_tanaka' });
    const run = await remindAttendance('month_end', tokyo10('2026-04-28'), deps);
    expect(run).toMatchObject({ messages: 3, withoutLark: 0 });
    expect(sent.map((s) => [s.key, s.open_id])).toEqual([
      ['att:11:202604:20260428', 'ou_yamada'],
      ['att:12:202604:20260428', 'ou_sato'],
      ['att:13:202604:20260428', 'ou_found_tanaka'],
    ]);
  });

  it('with push on, every unsubmitted employee also gets a push (those without Lark too)', async () => {
    const { deps, pushed } = recordingDeps(true);
    const run = await remindAttendance('next_month', tokyo10('2026-05-07'), deps);
    expect(run).toMatchObject({ month: { year: 2026, month: 4 }, messages: 2, pushes: 3 });
    expect(pushed.map((p) => p.key)).toEqual([
      'push:att:11:202604:20260507',
      'push:att:12:202604:20260507',
      'push:att:13:202604:20260507',
    ]);
    expect(pushed[2]?.payload).toEqual({
      user_id: 13,
      title: '勤怠提出のお願い',
      body: '田中 一郎 さん\n2026年4月の勤怠がまだ提出されていません。\n至急入力して提出してください。',
      forward: '/task/workflows/3/create?month=2026-04',
    });
  });

  it('on any other day asks only for the business days and queues nothing', async () => {
    const { deps, sent, asked } = recordingDeps(true);
    const run = await remindAttendance('month_end', tokyo10('2026-04-30'), deps);
    expect(run).toEqual({ date: '2026-04-30', month: null, messages: 0, pushes: 0, withoutLark: 0 });
    expect(asked).toEqual(['business-days 2026-4']);
    expect(sent).toEqual([]);
  });

  it('a second run of the same tick produces the same keys (the queue and Lark drop the repeats)', async () => {
    const first = recordingDeps(false);
    const second = recordingDeps(false);
    await remindAttendance('month_end', tokyo10('2026-04-28'), first.deps);
    await remindAttendance('month_end', new Date('2026-04-28T14:59:00Z'), second.deps);
    expect(second.sent.map((s) => s.key)).toEqual(first.sent.map((s) => s.key));
    expect(reminderKey(2_147_483_647, { year: 2026, month: 12 }, '2026-12-30').length).toBeLessThanOrEqual(
      50,
    );
  });
});

describe('reminderCard', () => {
  it('is a Card JSON 2.0 with the month, the deadline and a button opening the form', () => {
    const url = 'https://applink.example/open?url=x';
    expect(
      reminderCard(
        { kind: 'month_end', month: { year: 2026, month: 4 }, name: '山田 太郎', deadline: '2026-04-30' },
        url,
      ),
    ).toEqual({
      schema: '2.0',
      config: { update_multi: true, width_mode: 'fill' },
      header: { title: { tag: 'plain_text', content: '勤怠提出のお願い' }, template: 'orange' },
      body: {
        elements: [
          {
            tag: 'div',
            text: {
              tag: 'plain_text',
              content:
                '山田 太郎 さん\n2026年4月の勤怠がまだ提出されていません。\n最終営業日の4月30日（木）までに入力して提出してください。',
            },
          },
          {
            tag: 'button',
            text: { tag: 'plain_text', content: '勤怠を入力する' },
            type: 'primary',
            behaviors: [{ type: 'open_url', default_url: url }],
          },
        ],
      },
    });
  });
});
