// Reminders to everyone (issue 38, scenario 6) for the shared-limit test and the fan-out benchmark:
// one attendance reminder card per person keyed as the reminder run keys them, and the busiest window
// of the arrival times the fake Lark recorded.
import type { TLarkSendPayload } from '@portal/shared/contracts/bot-jobs';
import { reminderKey } from '../../../bot/src/reminders/remind-attendance.ts';
import { reminderCard } from '../../../bot/src/reminders/reminder-card.ts';

const MONTH = { year: 2026, month: 4 } as const;
const FORM_URL = 'https://portal.example.test/task/workflows/1/create?month=2026-04';

/** `count` month-end reminders of the run on `date`, to `people` open_ids in turn (ou_fan_<n>). */
export function reminderPayloads(count: number, people: number, date: string): TLarkSendPayload[] {
  return Array.from({ length: count }, (_, i) => ({
    key: reminderKey(i + 1, MONTH, date),
    open_id: `ou_fan_${i % people}`,
    msg_type: 'interactive' as const,
    content: {
      ...reminderCard(
        { kind: 'month_end', month: MONTH, name: `社員${i + 1}`, deadline: '2026-04-30' },
        FORM_URL,
      ),
    },
    card: null,
  }));
}

/** The most arrivals within any `windowMs` (a message counts from its arrival until windowMs later). */
export function busiestWindow(arrivals: readonly number[], windowMs: number): number {
  const times = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
