import type {
  TAdminGroup,
  TAdminPermission,
  TAdminPersonRow,
  TAdminUserAccess,
} from '@portal/shared/contracts/admin';
import { PAGE_SIZE } from '@portal/shared/limits';
import { PERM, PERMISSION_LABELS, type Permission } from '@portal/shared/permissions';
import { adminApi } from '../api/admin-api.ts';
import { defineResource, pageOf } from '../resource.ts';
import { useGroupChoices, usePermissionChoices } from './choices.ts';

const labelOf = (codename: Permission) => PERMISSION_LABELS[codename] ?? codename;

export const groupsResource = defineResource<TAdminGroup>({
  key: 'groups',
  label: 'グループ',
  description: 'グループごとの権限。メンバーはグループの権限をすべて持ちます。',
  view: PERM.viewGroup,
  list: {
    label: 'グループの一覧',
    empty: 'グループがありません。',
    fetch: async (params) => pageOf(await adminApi.groups(), params, PAGE_SIZE),
    columns: [
      { title: 'グループ', cell: (g) => g.name },
      { title: '権限', cell: (g) => `${g.permissions.length} 件`, width: 96, align: 'right' },
      { title: 'メンバー', cell: (g) => `${g.member_count} 人`, width: 96, align: 'right' },
    ],
    card: (g) => ({
      title: g.name,
      meta: [`権限 ${g.permissions.length} 件`, `メンバー ${g.member_count} 人`],
    }),
    rowKey: (g) => g.id,
  },
  detail: {
    fetch: adminApi.group,
    title: (g) => g.name,
    lines: [
      { label: 'メンバー', value: (g) => `${g.member_count} 人` },
      {
        label: '権限',
        value: (g) =>
          g.permissions.length === 0 ? (
            'なし'
          ) : (
            <ul className="admin-plain-list">
              {g.permissions.map((p) => (
                <li key={p}>{labelOf(p)}</li>
              ))}
            </ul>
          ),
      },
    ],
    actions: [
      {
        key: 'delete',
        label: '削除',
        permission: PERM.changeGroup,
        danger: true,
        confirm: (g) =>
          `グループ「${g.name}」を削除します。メンバーはこのグループの権限を失います。よろしいですか？`,
        run: async (g) => {
          await adminApi.deleteGroup(g.id);
          return { message: `グループ「${g.name}」を削除しました。` };
        },
      },
    ],
  },
  create: {
    title: 'グループを追加',
    permission: PERM.changeGroup,
    fields: [
      { name: 'name', label: 'グループ名', kind: 'text', required: true },
      { name: 'permissions', label: '権限', kind: 'multi', useChoices: usePermissionChoices },
    ],
    initial: () => ({ name: '', permissions: [] }),
    submit: async (body) => (await adminApi.createGroup(body)).id,
  },
  edit: {
    title: 'グループを変更',
    permission: PERM.changeGroup,
    fields: [
      { name: 'name', label: 'グループ名', kind: 'text', required: true },
      { name: 'permissions', label: '権限', kind: 'multi', useChoices: usePermissionChoices },
    ],
    initial: (g) => ({ name: g?.name ?? '', permissions: g?.permissions ?? [] }),
    submit: async (body, g) => (await adminApi.replaceGroup(g!.id, body)).id,
  },
});

/** A user's groups, direct permissions and flags; the list is the people with an account. */
export const accessResource = defineResource<TAdminPersonRow & { user_id: number }, TAdminUserAccess>({
  key: 'access',
  label: 'アカウント権限',
  description:
    'ユーザーごとのグループと個別の権限。スタッフ・スーパーユーザーの権限はスーパーユーザーだけが変更できます。',
  view: PERM.viewGroup,
  list: {
    label: 'アカウントの一覧',
    empty: '該当するアカウントがありません。',
    fetch: async (params) => {
      const page = await adminApi.people(params);
      return {
        ...page,
        results: page.results.filter((p): p is TAdminPersonRow & { user_id: number } => p.user_id !== null),
      };
    },
    filters: [{ name: 'query', label: '氏名・カナ・社員番号・ユーザー名', kind: 'text' }],
    columns: [
      { title: '社員番号', cell: (p) => p.code, width: 96 },
      { title: '氏名', cell: (p) => p.name, primary: true },
      { title: 'ユーザー名', cell: (p) => p.username ?? '―' },
      { title: '所属', cell: (p) => p.organization ?? '―' },
    ],
    card: (p) => ({ title: p.name, meta: [p.username, p.organization] }),
    rowKey: (p) => p.id,
    rowId: (p) => p.user_id,
  },
  detail: {
    fetch: adminApi.access,
    title: (a) => `${a.name}（${a.username}）の権限`,
    lines: [
      { label: 'グループ', value: (a) => (a.groups.length === 0 ? 'なし' : `${a.groups.length} 件`) },
      {
        label: '個別の権限',
        value: (a) => (a.permissions.length === 0 ? 'なし' : a.permissions.map(labelOf).join('、')),
      },
      { label: 'スタッフ権限', value: (a) => (a.is_staff ? 'あり（管理画面を開ける）' : 'なし') },
      { label: 'スーパーユーザー権限', value: (a) => (a.is_superuser ? 'あり（すべての権限）' : 'なし') },
    ],
  },
  edit: {
    title: 'グループと権限を変更',
    permission: PERM.changeGroup,
    fields: [
      { name: 'groups', label: 'グループ', kind: 'multi', numeric: true, useChoices: useGroupChoices },
      { name: 'permissions', label: '個別の権限', kind: 'multi', useChoices: usePermissionChoices },
      { name: 'is_staff', label: 'スタッフ権限（管理画面を開ける）', kind: 'check', superuserOnly: true },
      {
        name: 'is_superuser',
        label: 'スーパーユーザー権限（すべての権限）',
        kind: 'check',
        superuserOnly: true,
      },
    ],
    initial: (a) => ({
      groups: a?.groups ?? [],
      permissions: a?.permissions ?? [],
      is_staff: a?.is_staff ?? false,
      is_superuser: a?.is_superuser ?? false,
    }),
    submit: async (body, a) => (await adminApi.setAccess(a!.user_id, body)).user_id,
  },
});

/** The permission table itself, read-only: every codename the portal checks and what it allows. */
export const permissionsResource = defineResource<TAdminPermission>({
  key: 'permissions',
  label: '権限一覧',
  description: 'ポータルが確認するすべての権限と、その内容。',
  view: PERM.viewGroup,
  list: {
    label: '権限の一覧',
    empty: '権限がありません。',
    fetch: async (params) => pageOf(await adminApi.permissions(), params, 100),
    columns: [
      { title: '内容', cell: (p) => p.label },
      { title: 'コード名', cell: (p) => <code>{p.codename}</code> },
    ],
    card: (p) => ({ title: p.label, meta: [p.codename] }),
    rowKey: (p) => ALL_INDEX.get(p.codename) ?? 0,
  },
});

const ALL_INDEX = new Map(Object.values(PERM).map((codename, index) => [codename as string, index + 1]));
