// The one table of page titles (spec §2.3): every route pattern of spec §2.1 with the Japanese title
// the top bar and the browser tab show. The router builds its routes from these keys.
export const PAGE_TITLES = {
  '/login': 'ログイン',
  '/login-native': 'ログイン',
  '/home': 'ホーム',
  '/profile': 'プロフィール',
  '/contacts': '緊急連絡先',
  '/band-accounts': '銀行口座',
  '/payment-slip': '給与明細',
  '/payment-slip/:id': '給与明細の詳細',
  '/withholding': '源泉徴収票',
  '/withholding/:id': '源泉徴収票の詳細',
  '/vacations': '休暇履歴',
  // Ours (issue 35): HR's 年次有給休暇管理簿 and the five-day obligation followed up.
  '/vacations/management': '有給休暇の管理',
  '/proxies': '承認代理',
  '/proxies/add': '承認代理の追加',
  '/proxies/:id': '承認代理の詳細',
  // Ours (issue 31): one's lent assets; every lending for assets.view_asset.
  '/assets': '資材貸出',
  '/manual': 'マニュアル',
  // Ours (issue 30): the company's announcements and one of them.
  '/notices': 'お知らせ',
  '/notices/:id': 'お知らせの詳細',
  '/manual/:id': 'マニュアル',
  '/company/calendar': '会社カレンダー',
  '/company/organization-chart': '組織図',
  '/workflow/workflows': 'ワークフロー一覧',
  '/workflow/workflows/:id': 'ワークフロー詳細',
  '/workflow/nodes': 'ノード一覧',
  '/task/workflows': '手続き一覧',
  '/task/workflows/:id/create': '申請の作成',
  '/task/tasks/unresolved': '申請中一覧',
  '/task/tasks/unresolved/:id': '申請中の詳細',
  '/task/tasks/approval': '承認待ち一覧',
  '/task/tasks/approval/:taskId/nodes/:nodeId': '承認',
  '/task/tasks/approval-finished': '承認済み一覧',
  '/task/tasks/approval-finished/:taskId': '承認済みの詳細',
  '/task/tasks/finished': '完了済み一覧',
  '/task/tasks/finished/:taskId': '完了済みの詳細',
  '/task/tasks/observer': '閲覧可能一覧',
  '/task/tasks/observer/:taskId': '閲覧可能の詳細',
  '/expense/uploads': 'アップロード履歴',
  '/expense/upload/': '給与・源泉票発行',
  '/expense/upload/:id': 'アップロード詳細',
  '/expense/attendance': '勤怠出力',
  '/attendance/pdf': '勤怠PDF',
  '/employee/attendance/:id': '勤怠一覧',
  // Ours (the spec names only their API paths): a report's read-only view on its own, HR's correction.
  '/attendance/tasks/details/:id': '勤怠報告',
  '/attendance/tasks/modify-details/:id': '勤怠修正',
  // The administration console (issue 14): its screens name themselves with their own headings.
  '/admin/*': '設定',
  // The not-found page itself says 'Page not found'; the top bar says it in Japanese.
  '*': 'ページが見つかりません',
} as const satisfies Record<string, string>;

export type PagePattern = keyof typeof PAGE_TITLES;

export const APP_NAME = '社員ポータル';

/** Not a route: the form an administrator's password reset puts in place of any page (issue 14). */
export const PASSWORD_CHANGE_TITLE = 'パスワードの変更';
