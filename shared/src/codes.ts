// Codes and lookup lists of spec §3.11, §3.12 and architecture.md ("Workflow lifecycle"),
// each with its Japanese label. Lists keep the spec's order: screens show them as given.

export interface CodeItem<C extends string = string> {
  readonly value: C;
  readonly label: string;
}

function codeList<const T extends readonly CodeItem[]>(items: T) {
  return items;
}

export type CodeOf<T extends readonly CodeItem[]> = T[number]['value'];

/** The label of a code, or the code itself when the list does not know it. */
export function labelOf(list: readonly CodeItem[], value: string | null | undefined): string {
  if (value == null) return '';
  return list.find((item) => item.value === value)?.label ?? value;
}

export const GENDERS = codeList([
  { value: '1', label: '男' },
  { value: '2', label: '女' },
]);

export const MARRIAGE_STATUSES = codeList([
  { value: '0', label: '未婚' },
  { value: '1', label: '既婚' },
]);

export const RESIDENCE_STATUSES = codeList([
  { value: '01', label: '特定活動' },
  { value: '02', label: '企業内転勤' },
  { value: '03', label: '技術・人文知識・国際業務' },
  { value: '10', label: '高度専門職1号' },
  { value: '11', label: '高度専門職2号' },
  { value: '20', label: '永住者' },
  { value: '21', label: '永住者の配偶者' },
  { value: '22', label: '日本人の配偶者' },
  { value: '90', label: '日本籍' },
]);

export const NODE_DISPATCHES = codeList([
  { value: '01', label: '上位部署の長へ' },
  { value: '02', label: '当該部署の長へ' },
]);

export const SELF_DISPATCHES = codeList([
  { value: '01', label: '自己承認' },
  { value: '02', label: '上位の長へ（いない場合は自己承認）' },
]);

export const OBSERVER_DISPATCHES = codeList([
  { value: '10', label: '課長' },
  { value: '12', label: '部長' },
  { value: '14', label: '事業部長' },
  { value: '16', label: '本部長' },
  { value: '30', label: '課全員' },
  { value: '32', label: '部全員' },
  { value: '34', label: '事業部全員' },
  { value: '36', label: '本部全員' },
  { value: '90', label: '全社' },
]);

export const BANK_ACCOUNT_TYPES = codeList([
  { value: '01', label: '普通' },
  { value: '02', label: '定期' },
  { value: '03', label: '総合' },
  { value: '04', label: '当座' },
  { value: '05', label: '貯蓄' },
  { value: '06', label: '大口定期' },
  { value: '07', label: '積立定期' },
]);

export const ATTENDANCE_DAY_TYPES = codeList([
  { value: '01', label: '出勤' },
  { value: '02', label: '欠勤' },
  { value: '03', label: '有給' },
  { value: '04', label: '代休' },
  { value: '05', label: '休日出勤' },
  { value: '06', label: '在宅ワーク' },
  { value: '07', label: '定休' },
  { value: '08', label: '遅刻' },
  { value: '09', label: '早退' },
  { value: '10', label: '休日' },
  { value: '11', label: '振替' },
  { value: '12', label: '休出・在宅' },
  { value: '13', label: '休出・遅刻' },
  { value: '14', label: '休出・早退' },
]);

/** Organisation levels, top down. The number is the head's observerDispatch code. */
export const ORG_LEVELS = codeList([
  { value: '16', label: '本部' },
  { value: '14', label: '事業部' },
  { value: '12', label: '部' },
  { value: '10', label: '課' },
]);
export type OrgLevel = CodeOf<typeof ORG_LEVELS>;

export const ORG_HEAD_TITLES: Record<OrgLevel, string> = {
  '16': '本部長',
  '14': '事業部長',
  '12': '部長',
  '10': '課長',
};

export const TASK_STATUSES = codeList([
  { value: '01', label: '申請中' },
  { value: '02', label: '差戻し' },
  { value: '10', label: '却下' },
  { value: '90', label: '完了' },
  { value: '99', label: '取消' },
]);
export type TaskStatus = CodeOf<typeof TASK_STATUSES>;

export const NODE_STATUSES = codeList([
  { value: '00', label: '未到達' },
  { value: '01', label: '承認待ち' },
  { value: '02', label: '差戻し' },
  { value: '10', label: '却下' },
  { value: '90', label: '承認済み' },
]);
export type NodeStatus = CodeOf<typeof NODE_STATUSES>;

export const OBSERVER_NODE_CODE = '95';

/** Vacation category 01 is paid leave (spec §3.6). */
export const PAID_LEAVE_CATEGORY = '01';

export const YEARS = [2021, 2022, 2023, 2024, 2025] as const;
export const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
