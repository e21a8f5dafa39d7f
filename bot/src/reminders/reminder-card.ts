// The reminder message: a Card JSON 2.0 (lark.md "Cards") with one button that opens the employee's
// attendance form in the portal inside Lark. Pure; the same wording goes to push.
import type { TAttendanceReminderPayload } from '@portal/shared/contracts/bot-jobs';
import { TEXT_BYTES, card, plain, type Card } from '../cards/card-kit.ts';
import { plainText } from '../cards/user-text.ts';
import type { YearMonth } from './reminder-days.ts';

export const REMINDER_TITLE = '勤怠提出のお願い';
export const REMINDER_BUTTON = '勤怠を入力する';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** 4月30日（木） */
function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${m}月${d}日（${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}）`;
}

export interface ReminderText {
  readonly kind: TAttendanceReminderPayload['kind'];
  readonly month: YearMonth;
  readonly name: string;
  /** The month's last business day (month_end only). */
  readonly deadline: string | null;
}

/** The sentence of the card and of the push notification. */
export function reminderBody({ kind, month, name, deadline }: ReminderText): string {
  const what = `${month.year}年${month.month}月の勤怠がまだ提出されていません。`;
  const ask =
    kind === 'month_end' && deadline
      ? `最終営業日の${dayLabel(deadline)}までに入力して提出してください。`
      : '至急入力して提出してください。';
  return `${name} さん\n${what}\n${ask}`;
}

/** `url` opens the form (already wrapped to open inside Lark). */
export function reminderCard(text: ReminderText, url: string): Card {
  const named = { ...text, name: plainText(text.name, TEXT_BYTES.name) };
  return card(REMINDER_TITLE, text.kind === 'month_end' ? 'orange' : 'red', [
    // plain_text: a name is shown as it is, never read as markdown.
    { tag: 'div', text: plain(reminderBody(named), TEXT_BYTES.notice) },
    {
      tag: 'button',
      text: plain(REMINDER_BUTTON),
      type: 'primary',
      behaviors: [{ type: 'open_url', default_url: url }],
    },
  ]);
}
