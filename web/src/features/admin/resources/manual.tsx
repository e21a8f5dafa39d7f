import type { TAdminManualPage, TAdminManualRow } from '@portal/shared/contracts/manual';
import { MANUAL_EXTENSIONS, MANUAL_LIMITS } from '@portal/shared/contracts/manual-codes';
import { PERM } from '@portal/shared/permissions';
import { Markdown } from '@/components/markdown/markdown.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { manualApi } from '../api/manual-api.ts';
import { defineResource, type FieldDecl, type FileValue } from '../resource.ts';

type Values = Record<string, unknown>;

const edited = (p: TAdminManualRow) =>
  `${dayjs(p.updated_at).format('YYYY-MM-DD HH:mm')}${p.updated_by_name ? `（${p.updated_by_name}）` : ''}`;

const FIELDS: readonly FieldDecl[] = [
  { name: 'chapter', label: '章', kind: 'text', required: true, maxLength: MANUAL_LIMITS.chapter },
  {
    name: 'chapter_order',
    label: '章の順番',
    kind: 'number',
    required: true,
    help: '小さい章から目次に並びます（0〜9999）。',
  },
  {
    name: 'page_order',
    label: 'ページの順番',
    kind: 'number',
    required: true,
    help: '章の中で小さいページから並びます（0〜9999）。',
  },
  { name: 'title', label: 'タイトル', kind: 'text', required: true, maxLength: MANUAL_LIMITS.title },
  {
    name: 'body',
    label: '本文',
    kind: 'textarea',
    maxLength: MANUAL_LIMITS.body,
    help: 'Markdown で書きます（HTML は表示されません）。添付の画像は ![説明](ファイル名) で表示できます。',
  },
  {
    name: 'attachments',
    label: '添付',
    kind: 'files',
    maxLength: MANUAL_LIMITS.files,
    accept: MANUAL_EXTENSIONS,
    help: `${MANUAL_LIMITS.files} 件まで、1 件 2 MB まで（画像・PDF）。`,
  },
];

/** The body sent: each file kept by its place or sent anew as its upload string. */
function bodyOf(values: Values): Values {
  const files = Array.isArray(values.attachments) ? (values.attachments as FileValue[]) : [];
  return { ...values, attachments: files.map((f) => (f.n !== undefined ? { n: f.n } : { file: f.file })) };
}

const initial = (p: TAdminManualPage | undefined) => ({
  chapter: p?.chapter ?? '',
  chapter_order: p?.chapter_order ?? 0,
  page_order: p?.page_order ?? 0,
  title: p?.title ?? '',
  body: p?.body ?? '',
  attachments: (p?.attachments ?? []).map((a) => ({ n: a.n, name: a.name, size: a.size })),
});

export const manualResource = defineResource<TAdminManualRow, TAdminManualPage>({
  key: 'manual',
  label: 'マニュアル',
  description: '社員向けマニュアル（/manual）の章とページ。変更は操作履歴に残ります。',
  view: PERM.changeManual,
  list: {
    label: 'マニュアルのページ',
    empty: 'ページがありません。',
    fetch: manualApi.pages,
    columns: [
      { title: '章', cell: (p) => p.chapter, width: 160 },
      { title: 'タイトル', cell: (p) => p.title },
      { title: '最終更新', cell: edited, width: 220 },
    ],
    card: (p) => ({ title: p.title, meta: [p.chapter, `最終更新: ${edited(p)}`] }),
    rowKey: (p) => p.id,
  },
  detail: {
    fetch: manualApi.page,
    title: (p) => p.title,
    lines: [
      { label: '章', value: (p) => `${p.chapter}（順番 ${p.chapter_order}）` },
      { label: 'ページの順番', value: (p) => p.page_order },
      { label: '最終更新', value: edited },
      {
        label: '添付',
        value: (p) => (p.attachments.length === 0 ? 'なし' : p.attachments.map((a) => a.name).join('、')),
      },
    ],
    // How employees will read it (images behind the sign-in show on /manual itself).
    sections: (p) => (
      <section aria-label="表示の確認">
        <h3>表示の確認</h3>
        <Markdown>{p.body}</Markdown>
      </section>
    ),
    actions: [
      {
        key: 'delete',
        label: '削除',
        permission: PERM.changeManual,
        danger: true,
        confirm: (p) => `${p.title} を削除します。よろしいですか？`,
        run: async (p) => {
          await manualApi.remove(p.id);
          return { message: `${p.title} を削除しました。` };
        },
      },
    ],
  },
  create: {
    title: 'ページを追加',
    permission: PERM.changeManual,
    fields: FIELDS,
    initial,
    submit: async (values) => (await manualApi.create(bodyOf(values))).id,
  },
  edit: {
    title: 'ページを編集',
    permission: PERM.changeManual,
    fields: FIELDS,
    initial,
    submit: async (values, p) => (await manualApi.replace(p!.id, bodyOf(values))).id,
  },
});
