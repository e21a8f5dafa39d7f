// The demo workflows (pure data): ids are pinned, because the spec names 13 and 14 as the asset
// requests and screens link to them. seed-workflows.ts writes them and a few tasks in every status.
import { MONTHS } from '@portal/shared/codes';
import type { TFieldDataType, TWorkflowKind } from '@portal/shared/workflow/codes';
import { VACATION_CATEGORIES } from '@portal/shared/workflow/codes';

export interface DemoField {
  readonly name: string;
  readonly label: string;
  readonly dataType?: TFieldDataType;
  readonly order: number;
  readonly required?: boolean;
  readonly readonly?: boolean;
  readonly maxLength?: number;
  readonly helpText?: string;
  readonly default?: string;
  readonly choices?: readonly { value: string; text: string }[];
  readonly step?: number;
  readonly multiple?: boolean;
  readonly dataSource?: string;
}

export interface DemoNode {
  readonly code: string;
  readonly name: string;
  readonly order: number;
  readonly dispatch?: '01' | '02';
  readonly self?: '01' | '02';
  readonly observer?: string;
  readonly approvers?: readonly string[];
}

export interface DemoWorkflow {
  readonly id: number;
  readonly name: string;
  readonly category: string;
  readonly description: string;
  readonly kind: TWorkflowKind;
  readonly fields: readonly DemoField[];
  readonly nodes: readonly DemoNode[];
}

const BOSS = { code: '01', name: '課長承認', order: 1, dispatch: '02', self: '02' } as const;
const DEPARTMENT_HEAD = { code: '02', name: '部長承認', order: 2, dispatch: '01', self: '02' } as const;

export const DEMO_WORKFLOWS: readonly DemoWorkflow[] = [
  {
    id: 1,
    name: '休暇申請',
    category: '勤怠',
    description: '有給休暇・特別休暇などの取得申請です。承認されると休暇履歴に登録されます。',
    kind: 'vacation',
    fields: [
      {
        name: 'category',
        label: '休暇種別',
        dataType: 'choice',
        order: 1,
        required: true,
        default: '01',
        choices: VACATION_CATEGORIES.map((c) => ({ value: c.value, text: c.label })),
      },
      { name: 'start_date', label: '開始日', dataType: 'date', order: 2, required: true },
      { name: 'end_date', label: '終了日', dataType: 'date', order: 2, required: true },
      {
        name: 'is_start_half',
        label: '午後から',
        dataType: 'boolean',
        order: 3,
        default: 'false',
        helpText: '開始日を午後からの半休にします。',
      },
      {
        name: 'is_end_half',
        label: '午前まで',
        dataType: 'boolean',
        order: 3,
        default: 'false',
        helpText: '終了日を午前までの半休にします。',
      },
      { name: 'reason', label: '理由', dataType: 'text', order: 4, maxLength: 500 },
      {
        name: 'attachment',
        label: '添付資料',
        dataType: 'file',
        order: 5,
        helpText: '診断書・案内状など（任意、2MB まで）',
      },
    ],
    // 課長 then 部長 approve; the head of the 事業部 is told and can read it (observer 14).
    nodes: [BOSS, DEPARTMENT_HEAD, { code: '95', name: '事業部長参照', order: 1, observer: '14' }],
  },
  {
    id: 2,
    name: '勤怠報告',
    category: '勤怠',
    description: '月次の勤怠を報告します（入力画面は勤怠入力から）。',
    kind: 'attendance',
    fields: [
      { name: 'year', label: '年', dataType: 'integer', order: 1, required: true },
      {
        name: 'month',
        label: '月',
        dataType: 'choice',
        order: 1,
        required: true,
        choices: MONTHS.map((m) => ({ value: m, text: `${Number(m)}月` })),
      },
      { name: 'remark', label: '備考', dataType: 'text', order: 2, maxLength: 1000 },
    ],
    nodes: [BOSS],
  },
  {
    id: 3,
    name: '経費精算',
    category: '経費',
    description: '立替えた経費を精算します。領収書を添付してください。',
    kind: 'expense',
    fields: [
      { name: 'used_on', label: '利用日', dataType: 'date', order: 1, required: true },
      { name: 'amount', label: '金額（円）', dataType: 'integer', order: 1, required: true },
      { name: 'purpose', label: '用途', order: 2, required: true, maxLength: 100 },
      {
        name: 'receipt',
        label: '領収書',
        dataType: 'file',
        order: 3,
        required: true,
        helpText: '画像または PDF（2MB まで）',
      },
    ],
    nodes: [
      BOSS,
      { code: '02', name: '経理確認', order: 2, approvers: ['hayashi'] },
      { ...DEPARTMENT_HEAD, code: '03' },
    ],
  },
  {
    id: 4,
    name: '一般稟議',
    category: '一般',
    description: '購買・契約・施策などの決裁を求める稟議です。',
    kind: 'general',
    fields: [
      { name: 'title', label: '件名', order: 1, required: true, maxLength: 100 },
      { name: 'content', label: '内容', dataType: 'text', order: 2, required: true },
      { name: 'amount', label: '金額（円）', dataType: 'integer', order: 3 },
      { name: 'due_date', label: '希望期日', dataType: 'date', order: 3 },
      { name: 'start_time', label: '開始時刻', dataType: 'time', order: 4 },
      { name: 'hours', label: '工数（時間）', dataType: 'decimal', order: 4, step: 0.5 },
      { name: 'urgent', label: '至急', dataType: 'boolean', order: 5 },
      {
        name: 'members',
        label: '関係者',
        dataType: 'autocomplete',
        order: 6,
        multiple: true,
        dataSource: 'approvers/choice/',
      },
      { name: 'document', label: '資料', dataType: 'file', order: 7 },
    ],
    nodes: [
      BOSS,
      DEPARTMENT_HEAD,
      { code: '03', name: '事業部長決裁', order: 3, approvers: ['takahashi'] },
      { code: '95', name: '部内参照', order: 1, observer: '32' },
    ],
  },
  {
    id: 13,
    name: '資材貸出申請',
    category: '資材',
    description: 'PC・周辺機器・ソフトウェアの貸出を申請します。',
    kind: 'asset_lend',
    fields: [
      // The type's id and its months (issue 31, spec §3.8); the form is web/src/features/assets/.
      { name: 'assets_type', label: '資材種別', dataType: 'integer', order: 1, required: true },
      { name: 'expiration_date', label: '有効期間（か月）', dataType: 'integer', order: 2 },
      { name: 'software', label: 'ソフトウェア', order: 3, maxLength: 500 },
      { name: 'software_id', label: 'ソフトウェアID', order: 3, maxLength: 200 },
      { name: 'asset_id', label: '管理番号', order: 4, maxLength: 50 },
      { name: 'reason', label: '理由', dataType: 'text', order: 5, required: true },
    ],
    nodes: [BOSS, { code: '02', name: '総務確認', order: 2, approvers: ['inoue'] }],
  },
  {
    id: 14,
    name: '資材購入申請',
    category: '資材',
    description: '在庫のない資材の購入を申請します。',
    kind: 'asset_purchase',
    fields: [
      { name: 'item', label: '品名', order: 1, required: true, maxLength: 100 },
      { name: 'quantity', label: '数量', dataType: 'integer', order: 2, required: true, default: '1' },
      { name: 'unit_price', label: '単価（円）', dataType: 'integer', order: 2, required: true },
      { name: 'reason', label: '理由', dataType: 'text', order: 3, required: true },
      // A lending without stock becomes a purchase with its choices (issue 31).
      { name: 'assets_type', label: '資材種別', dataType: 'integer', order: 5 },
      { name: 'software', label: 'ソフトウェア', order: 6, maxLength: 500 },
      { name: 'software_id', label: 'ソフトウェアID', order: 6, maxLength: 200 },
    ],
    nodes: [BOSS, DEPARTMENT_HEAD, { code: '95', name: '経理参照', order: 1, approvers: ['hayashi'] }],
  },
];

/** The one active demo proxy: 佐藤 (開発部長) is stood in for by 田中 (開発二課長). */
export const DEMO_PROXY = { principal: 'sato', proxy: 'tanaka', daysBefore: 7, daysAfter: 30 } as const;

/**
 * Who has paid leave in the demo: the statutory grants still valid at the seeding moment
 * (vacations/grant-job.ts). The API's grant job gives everyone theirs once it runs.
 */
export const DEMO_PAID_LEAVE = ['yamada', 'yamaguchi'] as const;

/**
 * Demo tasks. Values may be tokens the writer resolves against the seeding moment: '@year', '@month',
 * '@last-month-year', '@last-month', '@asset-type:NAME' (a demo asset type's id, seed/assets.ts),
 * and '@mon-2' (the Monday two weeks before this week's) … '@fri+1'. `approved` approver nodes are approved in order; then `end` decides: stay in progress,
 * be sent back at the next node, rejected there, withdrawn, or run to the end (90).
 */
export interface DemoTask {
  readonly workflowId: number;
  readonly applicant: string;
  readonly values: Readonly<Record<string, string | number | boolean | null>>;
  readonly file?: {
    readonly field: string;
    readonly name: string;
    readonly contentType: string;
    readonly content: string;
  };
  readonly approved: number;
  readonly end: 'open' | 'send_back' | 'reject' | 'withdraw' | 'finish';
  readonly comment?: string;
  readonly daysAgo: number;
}

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    workflowId: 4,
    applicant: 'yamada',
    values: {
      title: '開発用サーバーの増設',
      content: '検証環境のメモリ不足のため、サーバーを 1 台増設したい。',
      amount: 480000,
      urgent: false,
    },
    approved: 1,
    end: 'open',
    daysAgo: 2,
  },
  {
    workflowId: 3,
    applicant: 'yamada',
    values: { used_on: null, amount: 3280, purpose: '顧客訪問の交通費' },
    file: {
      field: 'receipt',
      name: '領収書.svg',
      contentType: 'image/svg+xml',
      content:
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="240" height="120" fill="#fff" stroke="#333"/><text x="20" y="50" font-size="20">領収書</text><text x="20" y="90" font-size="16">¥3,280 交通費</text></svg>',
    },
    approved: 0,
    end: 'send_back',
    comment: '利用日が抜けています。追記して再申請してください。',
    daysAgo: 3,
  },
  {
    workflowId: 1,
    applicant: 'yamada',
    values: {
      category: '01',
      start_date: '@mon-2',
      end_date: '@tue-2',
      is_start_half: false,
      is_end_half: false,
      reason: '私用のため',
    },
    approved: 2,
    end: 'finish',
    daysAgo: 10,
  },
  {
    workflowId: 13,
    applicant: 'yamada',
    values: {
      assets_type: '@asset-type:ノートPC',
      expiration_date: 24,
      software: '',
      software_id: '',
      asset_id: '',
      reason: '新規プロジェクト参画のため',
    },
    approved: 0,
    end: 'open',
    daysAgo: 1,
  },
  {
    workflowId: 1,
    applicant: 'yamaguchi',
    values: {
      category: '01',
      start_date: '@wed+1',
      end_date: '@wed+1',
      is_start_half: true,
      is_end_half: false,
      reason: '通院のため',
    },
    approved: 0,
    end: 'reject',
    comment: '01',
    daysAgo: 6,
  },
  {
    workflowId: 14,
    applicant: 'ikeda',
    values: {
      item: '外付けモニター 27 インチ',
      quantity: 1,
      unit_price: 35000,
      reason: '在庫がないため',
      assets_type: '@asset-type:モニター',
      software: '',
      software_id: '',
    },
    approved: 0,
    end: 'withdraw',
    daysAgo: 5,
  },
  {
    workflowId: 4,
    applicant: 'hashimoto',
    values: { title: '技術書の購入', content: '社内勉強会で使う技術書 5 冊を購入したい。', amount: 18000 },
    approved: 3,
    end: 'finish',
    daysAgo: 14,
  },
  {
    workflowId: 2,
    applicant: 'nishimura',
    values: { year: '@last-month-year', month: '@last-month', remark: '' },
    approved: 0,
    end: 'open',
    daysAgo: 1,
  },
];
