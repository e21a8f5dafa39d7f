// Code lists of the workflow engine that the spec leaves to us (architecture.md "Workflow lifecycle").
// Each keeps the CodeItem shape of ../codes.ts so screens label them the same way.
import type { CodeItem, CodeOf } from '../codes.ts';

function codeList<const T extends readonly CodeItem[]>(items: T) {
  return items;
}

/** Spec §3.2: the data types of a form field. `string` is the default type. */
export const FIELD_DATA_TYPES = [
  'integer',
  'decimal',
  'date',
  'time',
  'choice',
  'file',
  'text',
  'boolean',
  'autocomplete',
  'string',
] as const;
export type TFieldDataType = (typeof FIELD_DATA_TYPES)[number];

export const FIELD_DATA_TYPE_LABELS = codeList([
  { value: 'string', label: '文字列' },
  { value: 'text', label: 'テキスト（複数行）' },
  { value: 'integer', label: '整数' },
  { value: 'decimal', label: '小数' },
  { value: 'date', label: '日付' },
  { value: 'time', label: '時刻' },
  { value: 'choice', label: '選択' },
  { value: 'boolean', label: 'はい／いいえ' },
  { value: 'autocomplete', label: '検索選択' },
  { value: 'file', label: 'ファイル' },
]);

/** A string field without max_length is limited to this (Django's CharField habit). */
export const DEFAULT_STRING_MAX_LENGTH = 255;
/** A text field without max_length is limited to this, so one field cannot fill the database. */
export const DEFAULT_TEXT_MAX_LENGTH = 10_000;

/**
 * What the engine does beyond routing. `vacation` checks the paid-leave balance and overlaps on
 * submit and writes the leave history on approval; `asset_lend` / `asset_purchase` are workflows 13
 * and 14 (spec §3.1); the others are plain forms.
 */
export const WORKFLOW_KINDS = codeList([
  { value: 'general', label: '一般' },
  { value: 'vacation', label: '休暇申請' },
  { value: 'attendance', label: '勤怠報告' },
  { value: 'asset_lend', label: '資材貸出申請' },
  { value: 'asset_purchase', label: '資材購入申請' },
  { value: 'expense', label: '経費精算' },
]);
export type TWorkflowKind = CodeOf<typeof WORKFLOW_KINDS>;

/** Leave categories (spec §3.6 names only 01 = paid leave; the rest are ours). */
export const VACATION_CATEGORIES = codeList([
  { value: '01', label: '有給休暇' },
  { value: '02', label: '特別休暇' },
  { value: '03', label: '慶弔休暇' },
  { value: '04', label: '代休' },
  { value: '05', label: '欠勤（無給）' },
]);
export type TVacationCategory = CodeOf<typeof VACATION_CATEGORIES>;

/**
 * The three fixed reasons offered when rejecting a vacation request (spec §3.12). The spec names
 * their subjects but does not show their wording: these sentences are ours.
 */
export const VACATION_REJECT_REASONS = codeList([
  {
    value: '01',
    label: '締切間近の業務をあなたが単独で担当しているため、この期間の休暇は承認できません。',
  },
  {
    value: '02',
    label: '当日にあなたしか対応できない業務が予定されているため、休暇は承認できません。',
  },
  {
    value: '03',
    label: '同じ期間に休暇を取得する方がいて、業務の代わりを務められる方がいないため、承認できません。',
  },
]);
export type TVacationRejectReason = CodeOf<typeof VACATION_REJECT_REASONS>;

/** The field names a `vacation` workflow's form must have; the engine reads them. */
export const VACATION_FIELDS = {
  category: 'category',
  startDate: 'start_date',
  endDate: 'end_date',
  isStartHalf: 'is_start_half',
  isEndHalf: 'is_end_half',
} as const;

/** The lists of /task/tasks/{filter} (architecture.md "Lists"). */
export const TASK_LIST_FILTERS = [
  'unresolved',
  'approval',
  'approval-finished',
  'finished',
  'observer',
] as const;
export type TTaskListFilter = (typeof TASK_LIST_FILTERS)[number];

export const APPROVAL_ACTIONS = ['approve', 'send_back', 'reject'] as const;
export type TApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Node codes: approver nodes use two digits below the observer code 95. */
export const NODE_CODE_PATTERN = /^(?:0[1-9]|[1-8]\d|9[0-5])$/;
export const NODE_CODE_MSG = 'コード は 01～94（承認ノード）または 95（参照ノード）で入力してください。';
