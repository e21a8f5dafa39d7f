// What the console's people actions answer when they refuse (Japanese, shown under the field or as
// the page's error).
export const PEOPLE_MSG = {
  codeTaken: 'この社員番号は既に使われています。',
  usernameTaken: 'このユーザー名は既に使われています。',
  emailTaken: 'このメールアドレスは既に別のアカウントで使われています。',
  orgMissing: '所属組織が見つからないか、廃止されています。',
  positionTaken: 'この組織には既に所属しています。',
  noAccount: 'この社員にはアカウントがありません。',
  self: '自分自身のアカウントは無効化できません。',
  alreadyInactive: 'このアカウントは既に無効です。',
  alreadyActive: 'このアカウントは既に有効です。',
  noLark: 'この社員には Lark 連携がありません。',
} as const;

export const CONTRACT_MSG = {
  endBeforeStart: '契約終了日 は 契約開始日 以降の日付にしてください。',
  hoursOrder: '終業時刻 は 始業時刻 より後にしてください。',
  lastPosition: '最後の所属は削除できません。先に別の所属を追加してください。',
} as const;
