// Every user-facing sentence the API, the web and the bot share. Spec §8.2–§8.4 strings are copied
// exactly; the rest are ours, written in the same register.

/** Spec §8.2. */
export const MSG = {
  unexpected: '予期できないエラーが発生しました。',
  fileRequired: 'ファイルを選択してください。',
  requiredField: '%s は必須項目です。',
  noCommutingChange: '先月の通勤変更がありません。',
  paidLeaveUnavailable: '有休情報取得できません。',
  unsupportedBrowser: 'サポートしないブラウザです。',
  larkLoginFailed: 'ログイン失敗しました',
  noMessages: 'メッセージがありません。',
} as const;

/** Spec §8.3. */
export const SUCCESS = {
  saved: '保存しました。',
  deleted: '削除しました。',
  sentBack: '差戻し成功しました。',
  approved: '承認しました。',
  uploaded: 'ファイルアップロードしました。',
  resent: '再送信しました、しばらくお待ちください。',
} as const;

/** Spec §8.4 gives only the task-creation wording; the others are ours. */
export const CONFIRM = {
  createTask: '申請します、よろしいですか？',
  approve: '承認します、よろしいですか？',
  sendBack: '差戻します、よろしいですか？',
  save: '保存します、よろしいですか？',
  saveWorkflow: 'ワークフローを保存します、よろしいですか？',
  removeNode: 'ノードを削除します、よろしいですか？',
  delete: '削除します、よろしいですか？',
  upload: 'ファイルをアップロードします、よろしいですか？',
  resend: '再送信します、よろしいですか？',
  logout: 'ログアウトします、よろしいですか？',
} as const;

/** Confirmations and results of the task actions the spec does not word (ours, in the register of §8.3/§8.4). */
export const TASK_ACTION_TEXT = {
  rejectConfirm: '却下します、よろしいですか？',
  rejected: '却下しました。',
  withdrawConfirm: '申請を取り消します、よろしいですか？',
  withdrawn: '申請を取り消しました。',
  undoConfirm: '承認を取り消します、よろしいですか？',
  undone: '承認を取り消しました。',
  cancelVacationConfirm: '休暇を取り消します、よろしいですか？',
  vacationCancelled: '休暇を取り消しました。',
} as const;

/** Toast titles of spec §8.1. */
export const TOAST_TITLE = { success: '成功：', error: 'エラー：' } as const;

/** API error details (ours). */
export const API_MSG = {
  invalidCredentials: 'ユーザー名またはパスワードが正しくありません。',
  inactiveUser: 'このアカウントは無効になっています。',
  notAuthenticated: '認証情報が含まれていません。',
  invalidToken: 'トークンが無効か、期限が切れています。',
  refreshReused: 'このリフレッシュトークンは既に使用されています。再度ログインしてください。',
  permissionDenied: 'この操作を実行する権限がありません。',
  /** A non-staff caller of a staff-only endpoint (the administration console). */
  staffOnly: '管理画面はスタッフ権限のあるユーザーだけが利用できます。',
  notFound: '見つかりませんでした。',
  pathNotFound: 'このURLは存在しません。',
  methodNotAllowed: 'このメソッドは許可されていません。',
  malformedJson: 'リクエストの JSON 形式が正しくありません。',
  jsonTooDeep: (max: number) => `リクエストの JSON の入れ子が深すぎます（${max} 段まで）。`,
  unsupportedMediaType: 'サポートされていないメディアタイプです。',
  payloadTooLarge: 'リクエストのサイズが上限を超えています。',
  tooManyLoginAttempts: 'ログインの試行回数が上限に達しました。しばらくしてから再度お試しください。',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
  conflict: '他の操作と競合しました。画面を更新してから再度お試しください。',
  invalidInput: '入力内容に誤りがあります。',
  malformedRequest: 'リクエストの形式が正しくありません。',
  malformedUrl: 'URL の形式が正しくありません。',
  headersTooLarge: 'リクエストヘッダーが大きすぎます。',
  requestTimeout: 'リクエストがタイムアウトしました。',
  logoutDone: 'ログアウトしました。',
  mailLoginFailed: 'メールアカウントでのログインに失敗しました。もう一度お試しください。',
  mailNoAccount:
    'このメールアドレスに対応するポータルのアカウントがありません。管理者にお問い合わせください。',
  idempotencyKeyInvalid: 'Idempotency-Key は英数字と記号（- _ . :）で 1〜255 文字にしてください。',
  idempotencyKeyInProgress: '同じ送信を処理中です。しばらくしてから画面を更新して結果をご確認ください。',
  idempotencyKeyReused:
    'この Idempotency-Key は別の送信に使われています。画面を更新してから再度お試しください。',
} as const;

/**
 * The single sign-on refusals only the API sends (the web shows the server's `detail`). Apart from
 * API_MSG so the sign-in pages, which bundle API_MSG, do not carry them.
 */
export const SSO_MSG = {
  signInMethodUnavailable: 'このログイン方法は利用できません。',
  larkCodeInvalid: 'Lark の認証コードが無効か、期限が切れています。もう一度お試しください。',
  larkUnavailable: 'Lark との通信に失敗しました。しばらくしてから再度お試しください。',
  larkNoAccount:
    'この Lark アカウントに対応するポータルのアカウントがありません。管理者にお問い合わせください。',
  casTicketInvalid: 'CAS のチケットが無効か、期限が切れています。もう一度ログインしてください。',
  casServiceInvalid: 'CAS のサービス URL がこのポータルのものではありません。',
  casUnavailable: 'CAS サーバーとの通信に失敗しました。しばらくしてから再度お試しください。',
  casNoAccount:
    'この CAS アカウントに対応するポータルのアカウントがありません。管理者にお問い合わせください。',
  handoffInvalid: 'ログインの受け渡しコードが無効か、期限が切れています。もう一度ログインしてください。',
} as const;

/** Field-level validation messages (ours, in the style of spec §5). */
export const FIELD_MSG = {
  required: (label: string) => MSG.requiredField.replace('%s', label),
  minLength: (label: string, min: number) => `${label} は ${min} 文字以上で入力してください。`,
  maxLength: (label: string, max: number) => `${label} は ${max} 文字以内で入力してください。`,
  invalid: (label: string) => `${label} の形式が正しくありません。`,
  integer: (label: string) => `${label} は整数で入力してください。`,
  boolean: (label: string) => `${label} は はい または いいえ で指定してください。`,
  email: (label: string) => `${label} は有効なメールアドレスではありません。`,
  fileTooLarge: (label: string, kb: number) => `${label} のサイズは ${kb}KB 以下にしてください。`,
  unknownField: 'この項目は受け付けられません。',
  number: (label: string) => `${label} は数値で入力してください。`,
  decimalStep: (label: string, step: number) => `${label} は ${step} 単位で入力してください。`,
  date: (label: string) => `${label} は YYYY-MM-DD 形式の正しい日付で入力してください。`,
  time: (label: string) => `${label} は HH:MM 形式の正しい時刻で入力してください。`,
  timeStep: (label: string, minutes: number) => `${label} は ${minutes} 分単位で入力してください。`,
  choice: (label: string) => `${label} は選択肢の中から選んでください。`,
  tooManyChoices: (label: string, max: number) => `${label} は ${max} 件以内で選択してください。`,
  fileInvalid: (label: string) => `${label} のファイル形式が正しくありません。`,
  dateOrder: (endLabel: string, startLabel: string) =>
    `${endLabel} は ${startLabel} 以降の日付にしてください。`,
  controlCharacter: (label: string) => `${label} に使用できない文字（制御文字）が含まれています。`,
  bidiCharacter: (label: string) => `${label} に表示の向きを変える文字は使用できません。`,
  type: (label: string, expected: string) => `${label} は${expected}で入力してください。`,
  nullNotAllowed: (label: string) => `${label} は空にできません。`,
  min: (label: string, min: number) => `${label} は ${min} 以上で入力してください。`,
  max: (label: string, max: number) => `${label} は ${max} 以下で入力してください。`,
  positive: (label: string) => `${label} は 0 より大きい値で入力してください。`,
  unknownMember: (label: string) => `${label} に存在しないユーザーが含まれています。`,
  minItems: (label: string, min: number) => `${label} は ${min} 件以上指定してください。`,
  maxItems: (label: string, max: number) => `${label} は ${max} 件以内で指定してください。`,
} as const;

/** Workflow and task messages (ours). */
export const WORKFLOW_MSG = {
  nodeNotAwaitingYou:
    'このノードは既に処理されたか、あなたの承認待ちではありません。画面を更新してください。',
  taskNotEditable: 'この申請は現在の状態では変更できません。',
  ownTask: '自分の申請は承認・差戻し・却下できません。',
  taskNotWithdrawable: 'この申請は取り消しできません。',
  undoNotAllowed: '次の承認者が既に処理したため、承認を取り消せません。',
  undoNothing: '取り消せる承認がありません。',
  vacationUndoNotAllowed: '承認済みの休暇申請ではないため、休暇を取り消せません。',
  noApprover: '承認者が見つかりません。組織の長または承認者の設定を確認してください。',
  /** The comment of a node passed at submission (selfDispatch 01: the applicant is its approver). */
  passedOwnNode: '自己承認：申請者本人が承認者のため、申請時に自動で承認されました。',
  /** selfDispatch 02 with no head above the applicant. */
  passedTopNode: '自己承認：上位の承認者がいないため、申請時に自動で承認されました。',
  workflowInactive: 'このワークフローは現在申請できません。',
  workflowInUse: 'このワークフローには申請があるため削除できません。',
  nodeInUse: 'このノードは申請で使用されているため削除できません。',
  paidLeaveShort: (remaining: number, requested: number) =>
    `有給休暇の残日数が不足しています（残り ${remaining} 日、申請 ${requested} 日）。`,
  vacationOverlap: (start: string, end: string) => `${start}〜${end} の休暇と期間が重複しています。`,
  vacationNoDays: '申請期間に営業日がありません。',
  notEmployee: '従業員情報が登録されていないため申請できません。',
  proxySelf: '自分自身を代理承認者にはできません。',
  proxyOverlap: '同じ期間に既に代理承認者が設定されています。',
  attachmentMissing: '添付ファイルが見つかりません。',
} as const;

/** Monthly attendance (ours; the spec gives no wording for these). */
export const ATTENDANCE_MSG = {
  alreadySubmitted: 'この月の勤怠は既に申請されています。',
  notEditable: 'この月の勤怠は申請中または承認済みのため変更できません。',
  dayCount: (days: number) => `日数が月の日数（${days} 日）と一致しません。`,
  dayLocked: 'この日は入力できません。',
  breakOrder: '休憩の終了時刻は開始時刻より後にしてください。',
  ownCorrection: '自分の勤怠は修正できません。他の人事担当者に依頼してください。',
  typeNotSelectable: 'この勤務区分は選択できません。',
  correctionNotAllowed: '承認済みの勤怠報告のみ修正できます。',
  /** The read-only view's line after an HR correction (spec §2.5 '{editor} edited at {time}'). */
  editedLine: (editor: string, time: string) => `${editor} が ${time} に編集しました`,
  noWorkflow: '勤怠報告のワークフローが見つかりません。',
  pdfFontMissing: 'PDF 用の日本語フォントが見つかりません。fonts-noto-cjk をインストールしてください。',
  timesheetLabel: 'タイムシート',
} as const;

/** The bell notifications the task transitions write (ours); the bot's cards reuse the titles. */
export const BELL_MSG = {
  approvalTitle: (workflow: string) => `承認依頼：${workflow}`,
  approvalContent: (applicant: string, workflow: string) =>
    `${applicant} さんの「${workflow}」が承認待ちです。`,
  observerTitle: (workflow: string) => `参照：${workflow}`,
  observerContent: (applicant: string, workflow: string) =>
    `${applicant} さんが「${workflow}」を申請しました。`,
  approvedTitle: '申請が承認されました',
  approvedContent: (workflow: string) => `「${workflow}」が承認されました。`,
  sentBackTitle: '申請が差戻されました',
  sentBackContent: (workflow: string, comment: string) => `「${workflow}」が差戻されました：${comment}`,
  rejectedTitle: '申請が却下されました',
  rejectedContent: (workflow: string, reason: string) => `「${workflow}」が却下されました：${reason}`,
  withdrawnTitle: '申請が取り消されました',
  withdrawnContent: (workflow: string) => `「${workflow}」が申請者により取り消されました。`,
  cancelledTitle: '休暇が取り消されました',
  cancelledContent: (workflow: string) => `承認済みの「${workflow}」が申請者により取り消されました。`,
} as const;

/** The Lark bot's cards and messages (ours; the outcomes reuse SUCCESS where the spec has them). */
export const BOT_MSG = {
  approvalTitle: BELL_MSG.approvalTitle,
  handledTitle: (workflow: string) => `処理済み：${workflow}`,
  openInPortal: 'ポータルで開く',
  commentPlaceholder: 'コメント（差戻し・却下の場合は必須）',
  reasonPlaceholder: '却下理由を選択してください',
  approve: '承認',
  sendBack: '差戻し',
  reject: '却下',
  confirmTitle: '確認',
  confirmReject: '却下します、よろしいですか？',
  rejected: '却下しました。',
  alreadyHandled: 'この申請は既に処理されています。',
  proxyFor: (principal: string) => `${principal} さんの代理承認者としてお送りしています。`,
  commentRequired: FIELD_MSG.required('コメント'),
  reasonRequired: FIELD_MSG.required('却下理由'),
  resultTitle: {
    '90': BELL_MSG.approvedTitle,
    '02': BELL_MSG.sentBackTitle,
    '10': BELL_MSG.rejectedTitle,
  } as Readonly<Record<string, string>>,
  failed: 'Lark からの操作を処理できませんでした。ポータルで操作してください。',
} as const;
