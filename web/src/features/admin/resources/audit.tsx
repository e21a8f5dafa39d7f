import type { TAuditEntry } from '@portal/shared/contracts/admin';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@portal/shared/contracts/admin-codes';
import { PERM } from '@portal/shared/permissions';
import { adminApi } from '../api/admin-api.ts';
import { defineResource } from '../resource.ts';

const RESOURCE_LABELS = new Map<string, string>(AUDIT_RESOURCES.map((r) => [r.value, r.label]));

export function tokyoTime(iso: string): string {
  return new Date(iso).toLocaleString('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** 'name: 旧 → 新' for each key that changed (or was set or removed). */
export function describeChange(before: unknown, after: unknown): string {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const show = (v: unknown) =>
    v === undefined || v === null ? '―' : typeof v === 'string' ? v : JSON.stringify(v);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`)
    .join('、');
}

export const auditResource = defineResource<TAuditEntry>({
  key: 'audit',
  label: '操作履歴',
  description: '管理画面で行われたすべての変更（誰が、いつ、何を、変更前と変更後）。',
  view: PERM.viewLogEntry,
  list: {
    label: '操作履歴',
    empty: '該当する操作がありません。',
    fetch: adminApi.audit,
    filters: [
      {
        name: 'resource',
        label: '対象',
        kind: 'select',
        useChoices: () => AUDIT_RESOURCES.map((r) => ({ value: r.value, label: r.label })),
      },
      { name: 'actor', label: '操作者（ユーザー名）', kind: 'text' },
      { name: 'date_from', label: '開始日', kind: 'date' },
      { name: 'date_to', label: '終了日', kind: 'date' },
    ],
    columns: [
      { title: '日時', cell: (e) => tokyoTime(e.at), width: 150 },
      { title: '操作者', cell: (e) => e.actor_name, width: 110 },
      { title: '対象', cell: (e) => `${RESOURCE_LABELS.get(e.resource) ?? e.resource}: ${e.object_label}` },
      { title: '操作', cell: (e) => AUDIT_ACTIONS[e.action] ?? e.action, width: 120 },
      {
        title: '変更内容',
        cell: (e) => <span className="admin-change">{describeChange(e.before, e.after)}</span>,
      },
    ],
    card: (e) => ({
      title: `${AUDIT_ACTIONS[e.action] ?? e.action}: ${e.object_label}`,
      meta: [`${tokyoTime(e.at)} ${e.actor_name}`, describeChange(e.before, e.after)],
    }),
    rowKey: (e) => e.id,
    exportCsv: adminApi.auditCsv,
  },
});
