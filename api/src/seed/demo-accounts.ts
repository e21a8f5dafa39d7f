// The demo sign-in accounts, as the README lists them. Every employee of the demo company also has an
// account named after their surname in romaji (e.g. tanaka, kobayashi); all share DEMO_PASSWORD.
export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  readonly username: string;
  readonly name: string;
  readonly role: string;
  readonly organization: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    name: '管理者',
    role: 'スーパーユーザー・スタッフ（全権限、管理画面）',
    organization: null,
  },
  {
    username: 'hr',
    name: '清水 花子',
    role: '人事グループ・スタッフ（expense.*、employee.view_attendance、管理画面の社員）',
    organization: '人事課',
  },
  { username: 'yamada', name: '山田 太郎', role: '一般社員（申請者）', organization: '開発一課' },
  { username: 'suzuki', name: '鈴木 一郎', role: '課長（山田の上長）', organization: '開発一課' },
  { username: 'sato', name: '佐藤 浩二', role: '部長', organization: '開発部' },
  { username: 'takahashi', name: '高橋 健一', role: '事業部長', organization: 'システム事業部' },
  { username: 'ito', name: '伊藤 誠', role: '本部長', organization: '事業本部' },
  {
    username: 'kato',
    name: '加藤 美咲',
    role: '別部署の社員（employee.view_attendance_org_only）',
    organization: '営業一課（営業部）',
  },
];
