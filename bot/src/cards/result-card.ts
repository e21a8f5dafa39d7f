// The applicant's message when their request is approved to the end, sent back or rejected.
import type { TBotTaskCard } from '@portal/shared/contracts/bot-jobs';
import { BOT_MSG } from '@portal/shared/messages';
import {
  TEXT_BYTES,
  card,
  labelled,
  linkButton,
  type Card,
  type HeaderColour,
  type LabelledRow,
} from './card-kit.ts';
import { dateTime } from './format.ts';
import { taskSummary } from './task-summary.ts';

const COLOURS: Record<string, HeaderColour> = { '90': 'green', '02': 'orange', '10': 'red' };

/** Null for a status the applicant is not told about here. */
export function resultCard(data: TBotTaskCard, openUrl: string): Card | null {
  const title = BOT_MSG.resultTitle[data.task.status];
  if (!title) return null;
  // The node that ended it: the last one acted on.
  const decisive = data.nodes
    .filter((n) => n.acted_at !== null && n.status !== '00' && n.status !== '01')
    .sort((a, b) => (a.acted_at! < b.acted_at! ? 1 : -1))[0];
  const rows: LabelledRow[] = [{ label: 'ステータス', value: data.task.status_name }];
  if (decisive?.acted_by_name)
    rows.push({ label: '処理者', value: `${decisive.acted_by_name}（${decisive.name}）` });
  if (decisive?.acted_at) rows.push({ label: '日時', value: dateTime(decisive.acted_at) });
  if (data.task.status === '10' && decisive?.reason)
    rows.push({ label: '却下理由', value: decisive.reason, maxBytes: TEXT_BYTES.reason });
  if (decisive?.comment)
    rows.push({ label: 'コメント', value: decisive.comment, maxBytes: TEXT_BYTES.comment });
  return card(`${title}：${data.task.workflow_name}`, COLOURS[data.task.status] ?? 'grey', [
    labelled(rows),
    ...taskSummary(data),
    linkButton(BOT_MSG.openInPortal, openUrl),
  ]);
}
