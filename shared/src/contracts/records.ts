// What the employee's own records share (issue 13): the bell and Lark sentences of a change, and
// the record-change subjects.
export const RECORD_SUBJECTS = {
  bank_account: '口座情報',
  emergency_contact: '緊急連絡先',
  profile: 'プロフィール',
  avatar: 'アバター',
  residence: '在留資格',
} as const;
export type TRecordSubject = keyof typeof RECORD_SUBJECTS;

export const RECORD_MSG = {
  changedTitle: (subject: string) => `${subject}の変更`,
  changedContent: (employee: string, subject: string) => `${employee} さんが${subject}を変更しました。`,
  salaryChangedTitle: '給与振込口座の変更',
  salaryChangedContent: (employee: string) => `${employee} さんが給与振込口座を変更しました。`,
  /** To the employee in Lark: was this you? */
  salaryChangedLark: (when: string) =>
    `給与振込口座が変更されました（${when}）。心当たりがない場合は、すぐに人事へ連絡してください。`,
} as const;

/** The portal pages the bells open, by subject (HR opens the employee's record with ?employee=). */
export const RECORD_PAGES: Record<TRecordSubject, string> = {
  bank_account: '/band-accounts',
  emergency_contact: '/contacts',
  profile: '/profile',
  avatar: '/profile',
  residence: '/profile',
};
