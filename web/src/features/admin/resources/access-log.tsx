// アクセス記録 (issue 34): who read whose protected records, beside 操作履歴. Filtered by actor (a
// user id), subject (an employee id), kind and period; a name in a row sets its filter, so "whom did
// this person read" and "who read this person" are one click. The summary counts distinct people.
import { Link } from 'react-router-dom';
import {
  ACCESS_ACTIONS,
  ACCESS_KINDS,
  type TAccessLogEntry,
  type TAccessLogPage,
} from '@portal/shared/contracts/access-log';
import { PERM } from '@portal/shared/permissions';
import { adminApi } from '../api/admin-api.ts';
import { defineResource } from '../resource.ts';
import { tokyoTime } from './audit.tsx';

const label = (table: Record<string, string>, code: string) => table[code] ?? code;

const record = (e: TAccessLogEntry) =>
  `${label(ACCESS_KINDS, e.kind)}${e.record_id ? `（${e.record_id}）` : ''}`;

function ActorLink({ entry }: { entry: TAccessLogEntry }) {
  if (entry.actor_id === null) return <>{entry.actor_name}</>;
  return (
    <span className="admin-subjects">
      <Link
        to={`/admin/access-log?actor=${entry.actor_id}`}
        aria-label={`${entry.actor_name} の記録で絞り込む`}
      >
        {entry.actor_name}
      </Link>
    </span>
  );
}

function Subjects({ entry }: { entry: TAccessLogEntry }) {
  if (entry.subjects.length === 0) return <>―</>;
  return (
    <span className="admin-subjects">
      {entry.subjects.map((s, i) => (
        <span key={s.id}>
          {i > 0 ? '、' : null}
          <Link to={`/admin/access-log?subject=${s.id}`} aria-label={`${s.name} についての記録で絞り込む`}>
            {s.name}
          </Link>
        </span>
      ))}
    </span>
  );
}

/** Who read whose records over the filtered period: distinct people, and per reader. */
export function AccessSummary({ page }: { page: TAccessLogPage }) {
  const { summary } = page;
  return (
    <section className="admin-section" aria-labelledby="access-summary-heading" data-testid="access-summary">
      <h3 id="access-summary-heading">集計</h3>
      <p>
        {summary.rows} 件の記録、記録を読まれた人は {summary.distinct_subjects} 人です。
      </p>
      {summary.actors.length > 0 ? (
        <table className="admin-summary-table">
          <caption className="visually-hidden">操作者ごとの件数</caption>
          <thead>
            <tr>
              <th scope="col">操作者</th>
              <th scope="col">件数</th>
              <th scope="col">対象者数</th>
            </tr>
          </thead>
          <tbody>
            {summary.actors.map((a) => (
              <tr key={a.actor_id ?? a.actor_name}>
                <th scope="row">{a.actor_name}</th>
                <td>{a.reads}</td>
                <td>{a.subjects}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

export const accessLogResource = defineResource<TAccessLogEntry>({
  key: 'access-log',
  label: 'アクセス記録',
  description:
    '他の人の給与明細・口座・在留資格・プロフィール・勤怠を、誰がいつ閲覧・出力したか（個人情報保護法）。記録は変更も削除もできません。',
  view: PERM.viewLogEntry,
  list: {
    label: 'アクセス記録',
    empty: '該当する記録がありません。',
    fetch: adminApi.accessLog,
    filters: [
      { name: 'actor', label: '操作者（ユーザー ID）', kind: 'text' },
      { name: 'subject', label: '対象者（社員 ID）', kind: 'text' },
      {
        name: 'kind',
        label: '記録の種類',
        kind: 'select',
        useChoices: () => Object.entries(ACCESS_KINDS).map(([value, text]) => ({ value, label: text })),
      },
      { name: 'date_from', label: '開始日', kind: 'date' },
      { name: 'date_to', label: '終了日', kind: 'date' },
    ],
    columns: [
      { title: '日時', cell: (e) => tokyoTime(e.at), width: 150 },
      { title: '操作者', cell: (e) => <ActorLink entry={e} />, width: 120 },
      { title: '操作', cell: (e) => label(ACCESS_ACTIONS, e.action), width: 110 },
      { title: '記録', cell: record },
      { title: '対象者', cell: (e) => <Subjects entry={e} /> },
      { title: '接続元', cell: (e) => e.address ?? '―', width: 120 },
    ],
    card: (e) => ({
      title: `${label(ACCESS_ACTIONS, e.action)}: ${record(e)}`,
      meta: [
        `${tokyoTime(e.at)} ${e.actor_name}`,
        <>
          対象者: <Subjects entry={e} />
        </>,
      ],
    }),
    rowKey: (e) => e.id,
    summary: (page) => <AccessSummary page={page as TAccessLogPage} />,
    exportCsv: adminApi.accessLogCsv,
  },
});
