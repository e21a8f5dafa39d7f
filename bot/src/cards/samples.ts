// Sample card data for each kind of workflow, as GET /api/bot/tasks/{id}/card/ answers it: the card
// tests and the gallery (npm run cards:gallery -w bot) draw from these.
import type { TBotTaskCard, TCardNode, TCardRecipient } from '@portal/shared/contracts/bot-jobs';
import type { TAttendanceTotals } from '@portal/shared/attendance/schema';
import { attendanceCardRows, vacationCardRows } from '@portal/shared/workflow/card-rows';
import { VACATION_REJECT_REASONS } from '@portal/shared/workflow/codes';

export const SUZUKI: TCardRecipient = {
  user_id: 3,
  name: '鈴木 一郎',
  open_id: 'ou_suzuki',
  lookup_email: null,
  principal_name: null,
};
export const SATO_AS_PROXY: TCardRecipient = {
  user_id: 4,
  name: '佐藤 浩二',
  open_id: 'ou_sato',
  lookup_email: null,
  principal_name: '鈴木 一郎',
};

const awaitingNode = (id: number, name: string): TCardNode => ({
  id,
  name,
  order: 1,
  status: '01',
  status_name: '承認待ち',
  acted_by_name: null,
  acted_at: null,
  is_proxy: false,
  principal_name: null,
  comment: null,
  reason: null,
  reached_at: '2026-11-20T00:30:00.000Z',
  recipients: [SUZUKI, SATO_AS_PROXY],
});

const later = (id: number, name: string): TCardNode => ({
  ...awaitingNode(id, name),
  order: 2,
  status: '00',
  status_name: '未到達',
  reached_at: null,
  recipients: [],
});

function sample(
  workflow: { name: string; kind: string },
  extra: Partial<Omit<TBotTaskCard, 'task' | 'nodes'>>,
): TBotTaskCard {
  return {
    task: {
      id: 101,
      workflow_name: workflow.name,
      workflow_kind: workflow.kind,
      status: '01',
      status_name: '申請中',
      applicant_id: 7,
      applicant_name: '山田 太郎',
      applicant_open_id: 'ou_yamada',
      applicant_lookup_email: null,
      employee_code: 'E0007',
      org_name: '事業本部 システム事業部 開発部 開発一課',
      project_name: null,
      created_at: '2026-11-20T00:30:00.000Z',
      finished_at: null,
    },
    fields: [],
    sections: null,
    reject_reasons: null,
    nodes: [awaitingNode(201, '課長承認'), later(202, '部長承認')],
    ...extra,
  };
}

const TOTALS: TAttendanceTotals = {
  basic_attendance_day: 20,
  attendance_days: 19,
  attendance_time: 9120,
  total_work_time: 9840,
  early_over_time: 60,
  night_over_time: 90,
  over_time: 660,
  legal_holiday: 0,
  legal_holiday_time: 0,
  legal_holiday_over: 0,
  legal_holiday_night: 0,
  nonlegal_hol: 1,
  nonlegal_hol_time: 240,
  nonlegal_hol_over: 0,
  nonlegal_hol_night: 0,
  compensatory_days: 0,
  compensatory_leave: 0,
  paid_vacation_days: 1,
  paid_vacation_time: 480,
  absence_days: 0,
  absence_time: 0,
  absence_calculate: 0,
  excess_over: 0,
  amount_time: 9840,
};

/** One sample per kind of workflow in the demo company (shared/src/workflow/codes.ts WORKFLOW_KINDS). */
export const CARD_SAMPLES: Readonly<Record<string, TBotTaskCard>> = {
  general: sample(
    { name: '一般稟議', kind: 'general' },
    {
      fields: [
        { label: '件名', value: '開発用サーバーの購入' },
        { label: '内容', value: '検証環境の増強のため、サーバー 2 台を購入したい。' },
        { label: '金額（円）', value: '480000' },
        { label: '希望期日', value: '2026-12-15' },
        { label: '至急', value: 'はい' },
        { label: '資料', value: '見積書.pdf' },
      ],
    },
  ),
  vacation: sample(
    { name: '休暇申請', kind: 'vacation' },
    {
      fields: [
        { label: '休暇区分', value: '有給休暇' },
        { label: '開始日', value: '2026-12-24' },
        { label: '終了日', value: '2026-12-26' },
      ],
      sections: [
        {
          rows: vacationCardRows({
            category_name: '有給休暇',
            start_date: '2026-12-24',
            end_date: '2026-12-26',
            days: 2.5,
            remaining_days: 7.5,
          }),
        },
      ],
      reject_reasons: VACATION_REJECT_REASONS.map((r) => ({ value: r.value, text: r.label })),
    },
  ),
  attendance: sample(
    { name: '勤怠報告', kind: 'attendance' },
    {
      fields: [{ label: '年', value: '2026' }],
      sections: [{ rows: attendanceCardRows({ year: 2026, month: 11, totals: TOTALS }) }],
    },
  ),
  expense: sample(
    { name: '経費精算', kind: 'expense' },
    {
      fields: [
        { label: '利用日', value: '2026-11-18' },
        { label: '金額（円）', value: '3520' },
        { label: '用途', value: '客先訪問の交通費' },
        { label: '領収書', value: 'receipt.jpg' },
      ],
    },
  ),
  asset_lend: sample(
    { name: '資材貸出申請', kind: 'asset_lend' },
    {
      fields: [
        { label: '資材種別', value: 'ノートPC' },
        { label: '期間（月）', value: '6' },
      ],
    },
  ),
  asset_purchase: sample(
    { name: '資材購入申請', kind: 'asset_purchase' },
    {
      fields: [
        { label: 'ソフトウェア', value: 'IntelliJ IDEA, Office 365' },
        { label: '数量', value: '2' },
      ],
    },
  ),
};

/** The general sample after 鈴木 approved it. */
export function approvedSample(): TBotTaskCard {
  const base = CARD_SAMPLES.general!;
  return {
    ...base,
    nodes: [
      {
        ...base.nodes[0]!,
        status: '90',
        status_name: '承認済み',
        acted_by_name: '鈴木 一郎',
        acted_at: '2026-11-20T01:15:00.000Z',
        comment: '問題ありません',
      },
      { ...base.nodes[1]!, status: '01', status_name: '承認待ち', reached_at: '2026-11-20T01:15:00.000Z' },
    ],
  };
}

/** The general sample sent back by 佐藤 standing in for 鈴木. */
export function sentBackSample(): TBotTaskCard {
  const base = CARD_SAMPLES.general!;
  return {
    ...base,
    task: { ...base.task, status: '02', status_name: '差戻し' },
    nodes: [
      {
        ...base.nodes[0]!,
        status: '02',
        status_name: '差戻し',
        acted_by_name: '佐藤 浩二',
        is_proxy: true,
        principal_name: '鈴木 一郎',
        acted_at: '2026-11-20T02:00:00.000Z',
        comment: '金額の根拠を添付してください',
      },
      base.nodes[1]!,
    ],
  };
}

/** The vacation sample rejected with a fixed reason. */
export function rejectedSample(): TBotTaskCard {
  const base = CARD_SAMPLES.vacation!;
  return {
    ...base,
    task: { ...base.task, status: '10', status_name: '却下', finished_at: '2026-11-20T03:00:00.000Z' },
    nodes: [
      {
        ...base.nodes[0]!,
        status: '10',
        status_name: '却下',
        acted_by_name: '鈴木 一郎',
        acted_at: '2026-11-20T03:00:00.000Z',
        reason: base.reject_reasons![0]!.text,
      },
      base.nodes[1]!,
    ],
  };
}
