// The console's asset masters (issue 31): 資材種別, 資材 (with 返却), ソフトウェア, and 購入品の受領 of
// approved 資材購入申請.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  TAdminAsset,
  TAdminAssetDetail,
  TAdminAssetType,
  TAdminPurchase,
  TAdminSoftware,
} from '@portal/shared/contracts/assets';
import { labelOf } from '@portal/shared/codes';
import { PAGE_SIZE } from '@portal/shared/limits';
import { PERM } from '@portal/shared/permissions';
import { ASSET_STATUSES, LENDING_STATUSES, validityLabel } from '@portal/shared/workflow/assets';
import { queryKeys } from '@/api/query-keys.ts';
import { assetsApi } from '../api/assets-api.ts';
import { defineResource, pageOf, type Choice } from '../resource.ts';

const MONTH_CHOICES: readonly Choice[] = Array.from({ length: 61 }, (_, months) => ({
  value: String(months),
  label: validityLabel(months),
}));
const STATUS_CHOICES: readonly Choice[] = ASSET_STATUSES.map((s) => ({ value: s.value, label: s.label }));
/** A unit becomes 貸出中 only by an approved lending, never by hand. */
const EDITABLE_STATUS_CHOICES = STATUS_CHOICES.filter((s) => s.value !== 'lent');

function useSoftwareChoices(): readonly Choice[] {
  const query = useQuery({ queryKey: queryKeys.admin.choices('software'), queryFn: assetsApi.software });
  return useMemo(
    () => (query.data ?? []).map((s) => ({ value: String(s.id), label: s.software_name })),
    [query.data],
  );
}

function useTypeChoices(): readonly Choice[] {
  const query = useQuery({ queryKey: queryKeys.admin.choices('asset-types'), queryFn: assetsApi.types });
  return useMemo(() => (query.data ?? []).map((t) => ({ value: String(t.id), label: t.name })), [query.data]);
}

const activeText = (t: TAdminAssetType) => (t.is_active ? '有効' : '無効');

export const assetTypesResource = defineResource<TAdminAssetType>({
  key: 'asset-types',
  label: '資材種別',
  description: '貸し出す資材の種別、有効期間、ハードウェア情報と選べるソフトウェア。',
  view: PERM.viewAsset,
  list: {
    label: '資材種別の一覧',
    empty: '資材種別がありません。',
    fetch: async (params) => pageOf(await assetsApi.types(), params, PAGE_SIZE),
    columns: [
      { title: '名称', cell: (t) => t.name, primary: true },
      { title: '有効期間', cell: (t) => validityLabel(t.validity_period), width: 110 },
      { title: '在庫', cell: (t) => `${t.in_stock} / ${t.units}`, width: 90, align: 'right' },
      { title: 'ソフトウェア', cell: (t) => t.software_names.join('、') || '―' },
      { title: '状態', cell: activeText, width: 80 },
    ],
    card: (t) => ({
      title: t.name,
      badge: <span className={t.is_active ? 'admin-tag' : 'admin-tag admin-tag--off'}>{activeText(t)}</span>,
      meta: [
        validityLabel(t.validity_period),
        `在庫 ${t.in_stock} / ${t.units}`,
        t.software_names.join('、'),
      ],
    }),
    rowKey: (t) => t.id,
  },
  detail: {
    fetch: assetsApi.type,
    title: (t) => t.name,
    lines: [
      { label: '有効期間', value: (t) => validityLabel(t.validity_period) },
      { label: 'ハードウェア情報', value: (t) => t.hardware_information || '―' },
      { label: 'ソフトウェア', value: (t) => t.software_names.join('、') || '―' },
      { label: '在庫', value: (t) => `${t.in_stock} 台（全 ${t.units} 台）` },
      { label: '状態', value: activeText },
    ],
  },
  create: {
    title: '資材種別を追加',
    permission: PERM.changeAsset,
    fields: typeFields(),
    initial: () => ({
      name: '',
      validity_period: 0,
      hardware_information: '',
      software_list: [],
      is_active: true,
    }),
    submit: async (body) => (await assetsApi.createType(body)).id,
  },
  edit: {
    title: '資材種別を変更',
    permission: PERM.changeAsset,
    fields: typeFields(),
    initial: (t) => ({
      name: t?.name ?? '',
      validity_period: t?.validity_period ?? 0,
      hardware_information: t?.hardware_information ?? '',
      software_list: t?.software_list ?? [],
      is_active: t?.is_active ?? true,
    }),
    submit: async (body, t) => (await assetsApi.replaceType(t!.id, body)).id,
  },
});

function typeFields() {
  return [
    { name: 'name', label: '名称', kind: 'text', required: true },
    {
      name: 'validity_period',
      label: '有効期間（か月）',
      kind: 'select',
      numeric: true,
      required: true,
      useChoices: () => MONTH_CHOICES,
    },
    {
      name: 'hardware_information',
      label: 'ハードウェア情報',
      kind: 'text',
      help: '申請フォームに表示します。',
    },
    {
      name: 'software_list',
      label: 'ソフトウェア',
      kind: 'multi',
      numeric: true,
      useChoices: useSoftwareChoices,
    },
    { name: 'is_active', label: '有効', kind: 'check' },
  ] as const;
}

export const softwareResource = defineResource<TAdminSoftware>({
  key: 'software',
  label: 'ソフトウェア',
  description: '資材と一緒に貸し出すソフトウェアのライセンス数と使用中の数。',
  view: PERM.viewAsset,
  list: {
    label: 'ソフトウェアの一覧',
    empty: 'ソフトウェアがありません。',
    fetch: async (params) => pageOf(await assetsApi.software(), params, PAGE_SIZE),
    columns: [
      { title: 'ソフトウェア名', cell: (s) => s.software_name, primary: true },
      { title: '有効期間', cell: (s) => validityLabel(s.software_validity_period), width: 110 },
      { title: 'ライセンス数', cell: (s) => s.seats, width: 110, align: 'right' },
      { title: '使用中', cell: (s) => s.in_use, width: 90, align: 'right' },
    ],
    card: (s) => ({
      title: s.software_name,
      meta: [validityLabel(s.software_validity_period), `使用中 ${s.in_use} / ${s.seats}`],
    }),
    rowKey: (s) => s.id,
  },
  detail: {
    fetch: assetsApi.softwareItem,
    title: (s) => s.software_name,
    lines: [
      { label: '有効期間', value: (s) => validityLabel(s.software_validity_period) },
      { label: 'ライセンス数', value: (s) => String(s.seats) },
      { label: '使用中', value: (s) => String(s.in_use) },
    ],
  },
  create: {
    title: 'ソフトウェアを追加',
    permission: PERM.changeAsset,
    fields: softwareFields(),
    initial: () => ({ software_name: '', software_validity_period: 0, seats: '0' }),
    submit: async (body) => (await assetsApi.createSoftware(body)).id,
  },
  edit: {
    title: 'ソフトウェアを変更',
    permission: PERM.changeAsset,
    fields: softwareFields(),
    initial: (s) => ({
      software_name: s?.software_name ?? '',
      software_validity_period: s?.software_validity_period ?? 0,
      seats: String(s?.seats ?? 0),
    }),
    submit: async (body, s) => (await assetsApi.replaceSoftware(s!.id, body)).id,
  },
});

function softwareFields() {
  return [
    { name: 'software_name', label: 'ソフトウェア名', kind: 'text', required: true },
    {
      name: 'software_validity_period',
      label: '有効期間（か月）',
      kind: 'select',
      numeric: true,
      required: true,
      useChoices: () => MONTH_CHOICES,
    },
    { name: 'seats', label: 'ライセンス数', kind: 'text', required: true },
  ] as const;
}

const statusText = (a: TAdminAsset) => labelOf(ASSET_STATUSES, a.status);

function unitFields(statuses: readonly Choice[]) {
  return [
    { name: 'asset_id', label: '管理番号', kind: 'text', required: true },
    {
      name: 'asset_type',
      label: '資材種別',
      kind: 'select',
      numeric: true,
      required: true,
      useChoices: useTypeChoices,
    },
    { name: 'serial_number', label: 'シリアル番号', kind: 'text' },
    { name: 'status', label: '状態', kind: 'select', required: true, useChoices: () => statuses },
    { name: 'disposal_reason', label: '理由', kind: 'text', help: '廃棄のときは必須です。' },
    { name: 'purchased_on', label: '購入日', kind: 'date', nullable: true },
    { name: 'remark', label: '備考', kind: 'text' },
  ] as const;
}

const unitValues = (a: TAdminAssetDetail | undefined) => ({
  asset_id: a?.asset_id ?? '',
  asset_type: a?.asset_type.id ?? null,
  serial_number: a?.serial_number ?? '',
  status: a?.status ?? 'stock',
  disposal_reason: a?.disposal_reason ?? '',
  purchased_on: a?.purchased_on ?? null,
  remark: a?.remark ?? '',
});

export const assetsResource = defineResource<TAdminAsset, TAdminAssetDetail>({
  key: 'assets',
  label: '資材',
  description: '資材 1 台ごとの管理番号・状態と貸出の履歴。貸出中の資材の返却もここで記録します。',
  view: PERM.viewAsset,
  list: {
    label: '資材の一覧',
    links: [{ to: '/admin/assets/import', label: '一括登録', permission: PERM.changeAsset }],
    empty: '該当する資材がありません。',
    fetch: assetsApi.units,
    filters: [
      { name: 'query', label: '管理番号', kind: 'text' },
      { name: 'asset_type', label: '資材種別', kind: 'select', useChoices: useTypeChoices },
      { name: 'status', label: '状態', kind: 'select', useChoices: () => STATUS_CHOICES },
    ],
    columns: [
      { title: '管理番号', cell: (a) => a.asset_id, primary: true, width: 120 },
      { title: '資材種別', cell: (a) => a.asset_type.name },
      { title: 'シリアル番号', cell: (a) => a.serial_number || '―' },
      { title: '状態', cell: statusText, width: 90 },
      { title: '貸出先', cell: (a) => a.lending?.user.name ?? '―' },
    ],
    card: (a) => ({
      title: `${a.asset_id}（${a.asset_type.name}）`,
      badge: <span className="admin-tag">{statusText(a)}</span>,
      meta: [a.serial_number, a.lending ? `貸出先: ${a.lending.user.name}` : ''],
    }),
    rowKey: (a) => a.id,
  },
  detail: {
    fetch: assetsApi.unit,
    title: (a) => `${a.asset_id}（${a.asset_type.name}）`,
    lines: [
      { label: '状態', value: statusText },
      { label: 'シリアル番号', value: (a) => a.serial_number || '―' },
      { label: '購入日', value: (a) => a.purchased_on ?? '―' },
      { label: '廃棄の理由', value: (a) => a.disposal_reason || '―' },
      { label: '備考', value: (a) => a.remark || '―' },
      {
        label: '貸出の履歴',
        value: (a) =>
          a.history.length === 0
            ? 'ありません'
            : a.history
                .map(
                  (l) =>
                    `${l.user.name} ${l.lent_on}〜${l.returned_on ?? ''}（${labelOf(LENDING_STATUSES, l.status)}）`,
                )
                .join('、'),
      },
    ],
    actions: [
      {
        key: 'return',
        label: '返却',
        permission: PERM.changeAsset,
        visible: (a) => a.status === 'lent',
        confirm: (a) =>
          `${a.asset_id} の返却を記録します。${a.lending ? `${a.lending.user.name} さんへの貸出を終え、` : ''}在庫に戻します。よろしいですか？`,
        run: async (a) => {
          await assetsApi.returnUnit(a.id);
          return { message: `${a.asset_id} の返却を記録しました。` };
        },
      },
    ],
  },
  create: {
    title: '資材を追加',
    permission: PERM.changeAsset,
    fields: unitFields(EDITABLE_STATUS_CHOICES),
    initial: unitValues,
    submit: async (body) => (await assetsApi.createUnit(body)).id,
  },
  edit: {
    title: '資材を変更',
    permission: PERM.changeAsset,
    fields: unitFields(STATUS_CHOICES),
    initial: unitValues,
    submit: async (body, a) => (await assetsApi.replaceUnit(a!.id, body)).id,
  },
});

const split = (value: unknown) =>
  String(value ?? '')
    .split(/[,、\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

async function purchaseOf(id: number): Promise<TAdminPurchase> {
  const found = (await assetsApi.purchases()).find((p) => p.id === id);
  if (!found) throw new Error('not found');
  return found;
}

export const purchasesResource = defineResource<TAdminPurchase>({
  key: 'asset-purchases',
  label: '購入品の受領',
  description:
    '承認された資材購入申請の購入品を受け取り、在庫に加えます。在庫切れの貸出のための購入は申請者にそのまま貸し出します。',
  view: PERM.viewAsset,
  list: {
    label: '承認済みの資材購入申請',
    empty: '承認済みの資材購入申請はありません。',
    fetch: async (params) => pageOf(await assetsApi.purchases(), params, PAGE_SIZE),
    columns: [
      { title: '申請', cell: (p) => `No.${p.task_id}`, primary: true, width: 90 },
      { title: '品名', cell: (p) => p.item },
      { title: '申請者', cell: (p) => p.applicant.name },
      { title: '資材種別', cell: (p) => p.asset_type?.name ?? '―' },
      { title: '受領', cell: (p) => (p.received ? '受領済み' : '未受領'), width: 90 },
    ],
    card: (p) => ({
      title: `No.${p.task_id} ${p.item}`,
      badge: <span className="admin-tag">{p.received ? '受領済み' : '未受領'}</span>,
      meta: [p.applicant.name, p.asset_type?.name ?? ''],
    }),
    rowKey: (p) => p.id,
  },
  detail: {
    fetch: purchaseOf,
    title: (p) => `資材購入申請 No.${p.task_id}`,
    lines: [
      { label: '品名', value: (p) => p.item },
      { label: '数量', value: (p) => String(p.quantity) },
      { label: '申請者', value: (p) => p.applicant.name },
      { label: '資材種別', value: (p) => p.asset_type?.name ?? '―' },
      { label: '受領', value: (p) => (p.received ? '受領済み' : '未受領') },
    ],
    actions: [
      {
        key: 'receive',
        label: '購入品の受領',
        permission: PERM.changeAsset,
        visible: (p) => !p.received && p.asset_type !== null,
        confirm: (p) => `${p.item} を受領し、在庫に加えます。よろしいですか？`,
        fields: [
          {
            name: 'asset_ids',
            label: '管理番号',
            kind: 'text',
            required: true,
            help: '複数台のときは読点（、）で区切ります。',
          },
          {
            name: 'serial_numbers',
            label: 'シリアル番号',
            kind: 'text',
            help: '管理番号と同じ順に区切ります。',
          },
        ],
        initial: () => ({ asset_ids: '', serial_numbers: '' }),
        run: async (p, body) => {
          const serials = split(body.serial_numbers);
          const result = await assetsApi.receive(
            p.id,
            split(body.asset_ids).map((asset_id, i) => ({ asset_id, serial_number: serials[i] ?? '' })),
          );
          return {
            message: `${result.added.join('、')} を在庫に加えました。`,
            lines: result.lent
              ? [`${result.lent.asset_id} を ${result.lent.user.name} さんに貸し出しました。`]
              : [],
          };
        },
      },
    ],
  },
});
