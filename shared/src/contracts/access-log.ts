// アクセス記録 (issue 34): who read whose protected records. Types and codes only (no zod), so the
// console's bundle stays small; the API parses the query with access-log-query.ts.

/** What was done with the record. */
export const ACCESS_ACTIONS = {
  view: '閲覧',
  download: 'ダウンロード',
  export: '出力',
  print: '印刷',
  restore: '復元',
  leave_register: '年次有給休暇管理簿',
} as const;
export type TAccessAction = keyof typeof ACCESS_ACTIONS;

/** The kinds of record whose reads are logged, with the console's label. */
export const ACCESS_KINDS = {
  payment_slip: '給与明細',
  withholding_slip: '源泉徴収票',
  bank_account: '口座情報',
  residence: '在留資格',
  profile: 'プロフィール',
  attendance: '勤怠報告',
  attendance_workbook: '勤怠一覧(部署)',
  people_export: '社員一覧出力',
  person_export: '個人データ出力',
  backup: 'バックアップ',
  restore: '復元',
  leave_register: '年次有給休暇管理簿',
  leave_obligation: '年5日の取得義務の未達一覧',
} as const;
export type TAccessKind = keyof typeof ACCESS_KINDS;

export interface TAccessLogEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  kind: string;
  record_id: string | null;
  subjects: { id: number; name: string }[];
  request_id: string | null;
  address: string | null;
}

/** Who read whose records over the filtered period. */
export interface TAccessSummary {
  /** Distinct employees whose records were read. */
  distinct_subjects: number;
  rows: number;
  actors: { actor_id: number | null; actor_name: string; reads: number; subjects: number }[];
}

export interface TAccessLogPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: TAccessLogEntry[];
  summary: TAccessSummary;
}
