// The console's bulk onboarding (issue 14): one row of the file is one employee with their account,
// first contract and position, in this column layout (import and export alike). No zod here, so the
// web's console can show the layout and the preview's types; the row's rules are the people create
// contract's (admin.ts `ZAdminPersonImportRow`), so a row and the create form are checked alike.

/** The header row, in this order; the keys are the row schema's paths. */
export const IMPORT_COLUMNS = [
  { key: 'code', label: '社員番号' },
  { key: 'last_name', label: '姓' },
  { key: 'first_name', label: '名' },
  { key: 'last_name_kana', label: '姓（カナ）' },
  { key: 'first_name_kana', label: '名（カナ）' },
  { key: 'email', label: 'メールアドレス' },
  { key: 'username', label: 'ユーザー名' },
  { key: 'join_date', label: '入社日' },
  { key: 'position.organization_id', label: '所属組織' },
  { key: 'position.title', label: '役職' },
  { key: 'position.is_head', label: '組織の長' },
  { key: 'position.is_part_time', label: '兼務' },
  { key: 'contract.start_date', label: '契約開始日' },
  { key: 'contract.end_date', label: '契約終了日' },
  { key: 'contract.work_start_time', label: '始業時刻' },
  { key: 'contract.work_end_time', label: '終業時刻' },
] as const;
export type TImportColumn = (typeof IMPORT_COLUMNS)[number]['label'];

/** The most employees one file may carry. */
export const IMPORT_MAX_ROWS = 2000;

/** What 組織の長 and 兼務 read as yes; an empty cell is no. Export writes 「○」. */
export const IMPORT_YES = ['○', '〇', '1', 'TRUE', 'true', 'はい', 'y', 'Y'] as const;
export const IMPORT_NO = ['', '0', 'FALSE', 'false', 'いいえ', 'n', 'N', '-', '×'] as const;

/** One error of an import's preview; `C` is that import's header labels (社員 by default, 資材 too). */
export interface TImportError<C extends string = TImportColumn> {
  /** The line of the file (the header is line 1). */
  row: number;
  /** The header label of the cell, or null for the whole row. */
  column: C | null;
  message: string;
}

export interface TImportPreview<C extends string = TImportColumn> {
  file_name: string;
  /** sha256 of the parsed rows: confirm is refused when the file it sends reads otherwise. */
  token: string;
  columns: C[];
  /** The cells as read, by header label, with the line of each. */
  rows: { row: number; cells: Record<C, string> }[];
  errors: TImportError<C>[];
}

export interface TImportResult {
  created: number;
  positions: number;
  contracts: number;
}
