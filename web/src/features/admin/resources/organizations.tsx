import type { TAdminOrganizationDetail } from '@portal/shared/contracts/admin';
import { PAGE_SIZE } from '@portal/shared/limits';
import { PERM } from '@portal/shared/permissions';
import { adminApi } from '../api/admin-api.ts';
import { defineResource, pageOf, type Choice } from '../resource.ts';
import { LEVEL_CHOICES, levelLabel, useOrganizationChoices, withPaths } from './choices.ts';

type Row = ReturnType<typeof withPaths>[number];

export const HEAD_CHANGE_NOTICE =
  '組織の長を変更します。処理中の申請は再ルーティングされず、今の承認者のままです。この後に提出される申請から新しい長に回ります。';

const useMemberChoices = (context: unknown): readonly Choice[] =>
  ((context as TAdminOrganizationDetail | undefined)?.members ?? []).map((m) => ({
    value: String(m.employee_id),
    label: `${m.name}（${m.title || '役職なし'}${m.is_part_time ? '・兼務' : ''}）`,
  }));

export const organizationsResource = defineResource<Row, TAdminOrganizationDetail>({
  key: 'organizations',
  label: '組織',
  description: '本部 > 事業部 > 部 > 課 の組織と、その長。承認経路は組織の長から決まります。',
  view: PERM.viewOrganization,
  list: {
    label: '組織の一覧',
    empty: '組織がありません。',
    fetch: async (params) => pageOf(withPaths(await adminApi.organizations()), params, PAGE_SIZE),
    columns: [
      { title: '組織', cell: (o) => o.path },
      { title: '階層', cell: (o) => levelLabel(o.level), width: 96 },
      { title: '組織の長', cell: (o) => o.head_name ?? '―', width: 140 },
      { title: '人数', cell: (o) => o.member_count, width: 72, align: 'right' },
    ],
    card: (o) => ({
      title: o.name,
      badge: <span className="admin-tag">{levelLabel(o.level)}</span>,
      meta: [
        o.parent_name ? `上位: ${o.parent_name}` : '最上位',
        `長: ${o.head_name ?? '―'}`,
        `${o.member_count} 人`,
      ],
    }),
    rowKey: (o) => o.id,
  },
  detail: {
    fetch: adminApi.organization,
    title: (o) => o.name,
    lines: [
      { label: '階層', value: (o) => levelLabel(o.level) },
      { label: '組織の長', value: (o) => o.head_name ?? '―' },
      { label: '所属人数', value: (o) => `${o.member_count} 人` },
      { label: '下位組織', value: (o) => `${o.child_count} 組織` },
      {
        label: '所属する社員',
        value: (o) =>
          o.members.length === 0
            ? 'いません'
            : o.members.map((m) => `${m.name}（${m.title || '役職なし'}）`).join('、'),
      },
    ],
    actions: [
      {
        key: 'head',
        label: '組織の長を変更',
        permission: PERM.changeOrganization,
        confirm: () => HEAD_CHANGE_NOTICE,
        fields: [
          {
            name: 'head_employee_id',
            label: '組織の長',
            kind: 'select',
            numeric: true,
            nullable: true,
            useChoices: useMemberChoices,
            help: 'この組織に所属する社員から選びます。',
          },
        ],
        initial: (o) => ({ head_employee_id: o.head_employee_id }),
        run: async (o, body) => {
          const result = await adminApi.setHead(o.id, body);
          return {
            message: `組織の長を ${result.organization.head_name ?? 'なし'} に変更しました。`,
            lines: [
              `再ルーティングされた申請: ${result.rerouted_requests} 件`,
              `前の長の承認待ちのまま残る申請: ${result.open_requests_kept} 件`,
            ],
          };
        },
      },
      {
        key: 'close',
        label: '廃止',
        permission: PERM.deleteOrganization,
        danger: true,
        visible: (o) => o.member_count === 0 && o.child_count === 0,
        confirm: (o) => `${o.name} を廃止します。よろしいですか？`,
        run: async (o) => {
          await adminApi.closeOrganization(o.id);
          return { message: `${o.name} を廃止しました。` };
        },
      },
    ],
  },
  create: {
    title: '組織を追加',
    permission: PERM.addOrganization,
    fields: [
      { name: 'name', label: '名称', kind: 'text', required: true },
      { name: 'level', label: '階層', kind: 'select', required: true, useChoices: () => LEVEL_CHOICES },
      {
        name: 'parent_id',
        label: '上位組織',
        kind: 'select',
        numeric: true,
        nullable: true,
        useChoices: useOrganizationChoices,
        help: '本部 のときは「なし」にします。',
      },
    ],
    initial: () => ({ name: '', level: '10', parent_id: null }),
    submit: async (body) => (await adminApi.createOrganization(body)).id,
  },
  edit: {
    title: '名称・上位組織を変更',
    permission: PERM.changeOrganization,
    fields: [
      { name: 'name', label: '名称', kind: 'text', required: true },
      {
        name: 'parent_id',
        label: '上位組織',
        kind: 'select',
        numeric: true,
        nullable: true,
        useChoices: useOrganizationChoices,
      },
    ],
    initial: (o) => ({ name: o?.name ?? '', parent_id: o?.parent_id ?? null }),
    submit: async (body, o) => (await adminApi.patchOrganization(o!.id, body)).id,
  },
});
