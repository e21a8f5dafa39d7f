// お知らせ in the console (issue 30): the list with each notice's 状態, the detail with 既読 n / 対象 m
// and 未読者に再通知, and one form (a whole notice each time) whose preview shows it as employees will.
import type { TAdminNotice, TAdminNoticeRow } from '@portal/shared/contracts/notices';
import {
  NOTICE_EXTENSIONS,
  NOTICE_IMPORTANCES,
  NOTICE_LABELS,
  NOTICE_LIMITS,
  NOTICE_MSG,
} from '@portal/shared/contracts/notice-codes';
import type { BodyOf } from '@portal/shared/endpoints/endpoint';
import { notices } from '@portal/shared/endpoints/notices';
import { PERM } from '@portal/shared/permissions';
import { Markdown } from '@/components/markdown/markdown.tsx';
import { api } from '@/lib/api-client.ts';
import { defineResource, type FieldDecl, type FileValue } from '../resource.ts';
import { tokyoTime } from './audit.tsx';
import { useOrganizationChoices } from './choices.ts';

type Values = Record<string, unknown>;

const noticesApi = {
  list: (params: URLSearchParams) =>
    api.call(notices.adminList, {}, undefined, { query: Object.fromEntries(params) }),
  get: (id: number) => api.call(notices.adminGet, { id }, undefined, { notFoundPage: true }),
  create: (body: Values) => api.call(notices.adminCreate, {}, body as BodyOf<typeof notices.adminCreate>),
  patch: (id: number, body: Values) =>
    api.call(notices.adminPatch, { id }, body as BodyOf<typeof notices.adminPatch>),
  remind: (id: number) => api.call(notices.adminRemind, { id }, { confirm: true }),
};

/** 'YYYY-MM-DDTHH:MM' in Asia/Tokyo, as a datetime-local input shows it. */
const tokyoInput = (iso: string | null) =>
  iso === null ? '' : new Date(Date.parse(iso) + 9 * 60 * 60 * 1000).toISOString().slice(0, 16);

const when = (iso: string | null) => (iso === null ? '―' : tokyoTime(iso));

const FIELDS: readonly FieldDecl[] = [
  { name: 'title', label: NOTICE_LABELS.title, kind: 'text', required: true, maxLength: NOTICE_LIMITS.title },
  {
    name: 'body',
    label: NOTICE_LABELS.body,
    kind: 'textarea',
    maxLength: NOTICE_LIMITS.body,
    help: 'Markdown で書けます（HTML は表示されません）。添付の画像は ![説明](attachment:1) のように番号で載せます。',
  },
  {
    name: 'importance',
    label: NOTICE_LABELS.importance,
    kind: 'select',
    required: true,
    useChoices: () => NOTICE_IMPORTANCES,
    help: '重要 は公開したときに対象者へベルと Lark で通知します。',
  },
  {
    name: 'publish_start',
    label: NOTICE_LABELS.publish_start,
    kind: 'datetime',
    nullable: true,
    help: '空欄なら保存した時点から公開します。',
  },
  {
    name: 'publish_end',
    label: NOTICE_LABELS.publish_end,
    kind: 'datetime',
    nullable: true,
    help: '空欄なら終了しません。',
  },
  {
    name: 'organization_ids',
    label: NOTICE_LABELS.organization_ids,
    kind: 'multi',
    numeric: true,
    useChoices: useOrganizationChoices,
    help: '選ばなければ全社です。組織を選ぶと、その下の組織の人にも届きます。',
  },
  {
    name: 'attachments',
    label: NOTICE_LABELS.attachments,
    kind: 'files',
    maxLength: NOTICE_LIMITS.files,
    accept: NOTICE_EXTENSIONS,
    help: `${NOTICE_LIMITS.files} 件まで、1 件 2 MB まで（画像・PDF・Excel）。`,
  },
  { name: 'pinned', label: NOTICE_LABELS.pinned, kind: 'check' },
  { name: 'draft', label: '下書きとして保存（公開しない）', kind: 'check' },
];

/** The body sent: the form's values, empty times as null, each file kept by its place or sent anew. */
function bodyOf(values: Values): Values {
  const time = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const files = Array.isArray(values.attachments) ? (values.attachments as FileValue[]) : [];
  return {
    ...values,
    publish_start: time(values.publish_start),
    publish_end: time(values.publish_end),
    attachments: files.map((f) => (f.n !== undefined ? { n: f.n } : { file: f.file })),
  };
}

function initial(detail: TAdminNotice | undefined): Values {
  return {
    title: detail?.title ?? '',
    body: detail?.body ?? '',
    importance: detail?.importance ?? 'normal',
    publish_start: tokyoInput(detail?.publish_start ?? null),
    publish_end: tokyoInput(detail?.publish_end ?? null),
    organization_ids: detail?.organizations.map((o) => o.id) ?? [],
    attachments: (detail?.attachments ?? []).map((a) => ({ n: a.n, name: a.name, size: a.size })),
    pinned: detail?.pinned ?? false,
    draft: detail?.draft ?? false,
  };
}

/** The notice as employees will read it. */
function preview(values: Values) {
  const title = typeof values.title === 'string' && values.title.trim() ? values.title : '（タイトル未入力）';
  const body = typeof values.body === 'string' ? values.body : '';
  return (
    <article className="admin-preview__notice" data-testid="notice-preview">
      <p className="admin-preview__title">
        {title}
        {values.importance === 'important' ? <span className="admin-tag">重要</span> : null}
        {values.pinned === true ? <span className="admin-tag">固定</span> : null}
      </p>
      <Markdown className="admin-preview__body">{body}</Markdown>
    </article>
  );
}

export const noticesResource = defineResource<TAdminNoticeRow, TAdminNotice>({
  key: 'notices',
  label: 'お知らせ',
  description: '社員に向けたお知らせ（全社または組織ごと）。重要 なものは公開時にベルと Lark で通知します。',
  view: PERM.addNotice,
  list: {
    label: 'お知らせの一覧',
    empty: 'お知らせがありません。',
    fetch: noticesApi.list,
    columns: [
      { title: 'タイトル', cell: (n) => n.title },
      { title: '状態', cell: (n) => n.state_name, width: 96 },
      { title: '重要度', cell: (n) => n.importance_name, width: 80 },
      { title: '対象', cell: (n) => n.audience_name, width: 160 },
      { title: '公開開始', cell: (n) => when(n.publish_start), width: 150 },
    ],
    card: (n) => ({
      title: n.title,
      badge: <span className="admin-tag">{n.state_name}</span>,
      meta: [n.importance_name, n.audience_name, when(n.publish_start)],
    }),
    rowKey: (n) => n.id,
  },
  detail: {
    fetch: noticesApi.get,
    title: (n) => n.title,
    lines: [
      { label: '状態', value: (n) => n.state_name },
      { label: '重要度', value: (n) => n.importance_name },
      { label: '対象', value: (n) => n.audience_name },
      {
        label: '公開期間',
        value: (n) => `${when(n.publish_start)} 〜 ${n.publish_end ? when(n.publish_end) : ''}`,
      },
      { label: '固定表示', value: (n) => (n.pinned ? 'する' : 'しない') },
      {
        label: '既読',
        value: (n) => (
          <span data-testid="notice-read-count">
            既読 {n.read_count} / 対象 {n.audience_count}
          </span>
        ),
      },
      {
        label: '添付',
        value: (n) => (n.attachments.length ? n.attachments.map((a) => a.name).join('、') : 'なし'),
      },
      {
        label: '本文',
        value: (n) => (n.body ? <Markdown className="admin-preview__body">{n.body}</Markdown> : '―'),
      },
    ],
    actions: [
      {
        key: 'remind',
        label: '未読者に再通知',
        permission: PERM.changeNotice,
        visible: (n) => n.state === 'published' && n.read_count < n.audience_count,
        confirm: () => NOTICE_MSG.remindConfirm,
        run: async (n) => {
          const { notified } = await noticesApi.remind(n.id);
          return { message: `未読の ${notified} 人に再通知しました。` };
        },
      },
    ],
  },
  create: {
    title: 'お知らせを作成',
    permission: PERM.addNotice,
    fields: FIELDS,
    initial,
    submit: async (values) => (await noticesApi.create(bodyOf(values))).id,
    submitText: '保存',
    preview,
  },
  edit: {
    title: 'お知らせを編集',
    permission: PERM.changeNotice,
    fields: FIELDS,
    initial,
    submit: async (values, detail) => (await noticesApi.patch(detail!.id, bodyOf(values))).id,
    preview,
  },
});
