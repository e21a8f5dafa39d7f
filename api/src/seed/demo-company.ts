// The demo company 株式会社サンプル: a four-level organisation (本部 > 事業部 > 部 > 課) with a head at
// every organisation, and 41 employees with realistic names. Pure data; seed-demo.ts writes it.
import type { OrgLevel } from '@portal/shared/codes';
import { PERM, type Permission } from '@portal/shared/permissions';

export const DEMO_COMPANY_NAME = '株式会社サンプル';

export interface DemoOrganization {
  readonly key: string;
  readonly name: string;
  readonly level: OrgLevel;
  readonly parent: string | null;
  /** Username of the head; every demo organisation has one. */
  readonly head: string;
}

export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = [
  { key: 'hq', name: '事業本部', level: '16', parent: null, head: 'ito' },
  { key: 'sys', name: 'システム事業部', level: '14', parent: 'hq', head: 'takahashi' },
  { key: 'dev', name: '開発部', level: '12', parent: 'sys', head: 'sato' },
  { key: 'dev1', name: '開発一課', level: '10', parent: 'dev', head: 'suzuki' },
  { key: 'dev2', name: '開発二課', level: '10', parent: 'dev', head: 'tanaka' },
  { key: 'sales', name: '営業部', level: '12', parent: 'sys', head: 'watanabe' },
  { key: 'sales1', name: '営業一課', level: '10', parent: 'sales', head: 'kobayashi' },
  { key: 'sales2', name: '営業二課', level: '10', parent: 'sales', head: 'nakamura' },
  { key: 'admin', name: '管理事業部', level: '14', parent: 'hq', head: 'yoshida' },
  { key: 'hrga', name: '人事総務部', level: '12', parent: 'admin', head: 'yamamoto' },
  { key: 'hr', name: '人事課', level: '10', parent: 'hrga', head: 'matsumoto' },
  { key: 'ga', name: '総務課', level: '10', parent: 'hrga', head: 'inoue' },
  { key: 'acc', name: '経理部', level: '12', parent: 'admin', head: 'kimura' },
  { key: 'acc1', name: '経理課', level: '10', parent: 'acc', head: 'hayashi' },
];

export interface DemoEmployee {
  readonly username: string;
  readonly lastName: string;
  readonly firstName: string;
  readonly lastNameKana: string;
  readonly firstNameKana: string;
  readonly gender: '1' | '2';
  readonly birthDate: string;
  readonly joinDate: string;
  /** The organisation of the main position. */
  readonly org: string;
  /** Title when not the head of `org` (heads take 課長, 部長, … from ORG_HEAD_TITLES). */
  readonly title?: string;
  /** 契約社員: the current contract ends on the next 31 March. */
  readonly fixedTerm?: boolean;
  readonly married?: boolean;
  readonly country?: string;
  readonly residenceStatus?: string;
}

type EmployeeExtras = Pick<DemoEmployee, 'title' | 'fixedTerm' | 'married' | 'country' | 'residenceStatus'>;

/** One line per person: names as '姓 名' and 'セイ メイ'. */
function employee(
  username: string,
  name: string,
  kana: string,
  gender: '1' | '2',
  birthDate: string,
  joinDate: string,
  org: string,
  extras: EmployeeExtras = {},
): DemoEmployee {
  const [lastName = '', firstName = ''] = name.split(' ');
  const [lastNameKana = '', firstNameKana = ''] = kana.split(' ');
  return {
    username,
    lastName,
    firstName,
    lastNameKana,
    firstNameKana,
    gender,
    birthDate,
    joinDate,
    org,
    ...extras,
  };
}

export const DEMO_EMPLOYEES: readonly DemoEmployee[] = [
  // Heads, top down.
  employee('ito', '伊藤 誠', 'イトウ マコト', '1', '1965-04-12', '1988-04-01', 'hq', { married: true }),
  employee('takahashi', '高橋 健一', 'タカハシ ケンイチ', '1', '1970-09-03', '1993-04-01', 'sys', {
    married: true,
  }),
  employee('sato', '佐藤 浩二', 'サトウ コウジ', '1', '1974-01-22', '1997-04-01', 'dev', { married: true }),
  employee('suzuki', '鈴木 一郎', 'スズキ イチロウ', '1', '1980-06-15', '2003-04-01', 'dev1', {
    married: true,
  }),
  employee('tanaka', '田中 直樹', 'タナカ ナオキ', '1', '1982-11-30', '2005-04-01', 'dev2', {
    married: true,
  }),
  employee('watanabe', '渡辺 大輔', 'ワタナベ ダイスケ', '1', '1975-03-08', '1998-04-01', 'sales', {
    married: true,
  }),
  employee('kobayashi', '小林 裕子', 'コバヤシ ユウコ', '2', '1981-07-19', '2004-04-01', 'sales1', {
    married: true,
  }),
  employee('nakamura', '中村 隆', 'ナカムラ タカシ', '1', '1983-02-25', '2006-04-01', 'sales2'),
  employee('yoshida', '吉田 恵子', 'ヨシダ ケイコ', '2', '1969-12-01', '1992-04-01', 'admin', {
    married: true,
  }),
  employee('yamamoto', '山本 修', 'ヤマモト オサム', '1', '1973-05-17', '1996-04-01', 'hrga', {
    married: true,
  }),
  employee('matsumoto', '松本 由美', 'マツモト ユミ', '2', '1984-08-09', '2007-04-01', 'hr', {
    married: true,
  }),
  employee('inoue', '井上 聡', 'イノウエ サトシ', '1', '1985-10-14', '2008-04-01', 'ga'),
  employee('kimura', '木村 明美', 'キムラ アケミ', '2', '1972-04-28', '1995-04-01', 'acc', { married: true }),
  employee('hayashi', '林 哲也', 'ハヤシ テツヤ', '1', '1986-01-05', '2009-04-01', 'acc1', { married: true }),
  // Members.
  employee('yamada', '山田 太郎', 'ヤマダ タロウ', '1', '1992-05-20', '2015-04-01', 'dev1', {
    title: '主任',
  }),
  employee('kato', '加藤 美咲', 'カトウ ミサキ', '2', '1990-09-11', '2013-04-01', 'sales1', {
    title: '主任',
    married: true,
  }),
  employee('hr', '清水 花子', 'シミズ ハナコ', '2', '1988-03-03', '2011-04-01', 'hr', { title: '主任' }),
  employee('yamaguchi', '山口 翔太', 'ヤマグチ ショウタ', '1', '1995-12-24', '2018-04-01', 'dev1', {
    title: '一般',
  }),
  employee('mori', '森 さくら', 'モリ サクラ', '2', '1998-04-02', '2021-04-01', 'dev1', { title: '一般' }),
  employee('ikeda', '池田 拓也', 'イケダ タクヤ', '1', '1996-08-30', '2024-10-01', 'dev1', {
    title: '一般',
    fixedTerm: true,
  }),
  employee('hashimoto', '橋本 彩', 'ハシモト アヤ', '2', '1999-06-06', '2022-04-01', 'dev1', {
    title: '一般',
  }),
  employee('nishimura', '西村 美穂', 'ニシムラ ミホ', '2', '1993-10-10', '2016-04-01', 'dev1', {
    title: '一般',
    married: true,
  }),
  employee('abe', '阿部 健太', 'アベ ケンタ', '1', '1991-02-14', '2014-04-01', 'dev2', {
    title: '主任',
    married: true,
  }),
  employee('ishikawa', '石川 真由美', 'イシカワ マユミ', '2', '1994-07-07', '2017-04-01', 'dev2', {
    title: '一般',
  }),
  employee('yamashita', '山下 亮', 'ヤマシタ リョウ', '1', '1997-11-03', '2020-04-01', 'dev2', {
    title: '一般',
  }),
  employee('nakajima', '中島 葵', 'ナカジマ アオイ', '2', '2000-01-18', '2023-04-01', 'dev2', {
    title: '一般',
  }),
  employee('maeda', '前田 悠斗', 'マエダ ユウト', '1', '1998-09-27', '2025-04-01', 'dev2', {
    title: '一般',
    fixedTerm: true,
  }),
  employee('li', '李 明', 'リ ミン', '1', '1993-03-15', '2019-10-01', 'dev2', {
    title: '一般',
    country: '156',
    residenceStatus: '03',
  }),
  employee('fujita', '藤田 陽子', 'フジタ ヨウコ', '2', '1989-05-05', '2012-04-01', 'sales1', {
    title: '一般',
    married: true,
  }),
  employee('goto', '後藤 大樹', 'ゴトウ ダイキ', '1', '1996-02-29', '2019-04-01', 'sales1', {
    title: '一般',
  }),
  employee('okada', '岡田 結衣', 'オカダ ユイ', '2', '2001-08-08', '2024-04-01', 'sales1', { title: '一般' }),
  employee('fukuda', '福田 慎也', 'フクダ シンヤ', '1', '1994-12-12', '2017-04-01', 'sales1', {
    title: '一般',
  }),
  employee('hasegawa', '長谷川 勇気', 'ハセガワ ユウキ', '1', '1992-06-21', '2015-04-01', 'sales2', {
    title: '主任',
    married: true,
  }),
  employee('murakami', '村上 愛', 'ムラカミ アイ', '2', '1997-04-16', '2020-04-01', 'sales2', {
    title: '一般',
  }),
  employee('kondo', '近藤 剛', 'コンドウ ツヨシ', '1', '1990-10-01', '2016-10-01', 'sales2', {
    title: '一般',
  }),
  employee('ishii', '石井 麻衣', 'イシイ マイ', '2', '1995-03-25', '2018-04-01', 'hr', { title: '一般' }),
  employee('saito', '斎藤 翼', 'サイトウ ツバサ', '1', '1999-09-09', '2022-04-01', 'ga', { title: '一般' }),
  employee('sakamoto', '坂本 千尋', 'サカモト チヒロ', '2', '1987-11-22', '2025-10-01', 'ga', {
    title: '一般',
    fixedTerm: true,
  }),
  employee('endo', '遠藤 純一', 'エンドウ ジュンイチ', '1', '1988-07-30', '2011-04-01', 'acc1', {
    title: '主任',
    married: true,
  }),
  employee('aoki', '青木 優子', 'アオキ ユウコ', '2', '1996-01-31', '2019-04-01', 'acc1', { title: '一般' }),
  employee('fujii', '藤井 蓮', 'フジイ レン', '1', '2000-05-14', '2023-04-01', 'acc1', { title: '一般' }),
];

/** Concurrent posts (兼務): a second position flagged is_part_time. */
export const DEMO_CONCURRENT_POSTS: readonly { username: string; org: string; title: string }[] = [
  { username: 'kimura', org: 'hrga', title: '部長代理' },
];

/** The HR group: issues payslips, sees upload history, exports and views everyone's attendance. */
export const DEMO_HR_GROUP = {
  name: '人事',
  permissions: [
    PERM.addUploadHistory,
    PERM.viewUploadHistory,
    PERM.viewExpenseAttendance,
    PERM.viewAttendance,
    // The administration console's people screens (issue 14), not its permissions screen.
    PERM.viewOrganization,
    PERM.viewEmployee,
    PERM.addEmployee,
    PERM.changeEmployee,
    PERM.changeUser,
  ],
} as const satisfies { name: string; permissions: readonly Permission[] };

export const DEMO_GROUP_MEMBERS: readonly string[] = ['hr'];

/** Employees with is_staff: they open the administration console (its screens by their permissions). */
export const DEMO_STAFF: readonly string[] = ['hr', 'inoue'];

/** Permissions held directly by a user. */
export const DEMO_USER_PERMISSIONS: readonly { username: string; permissions: readonly Permission[] }[] = [
  { username: 'kato', permissions: [PERM.viewAttendanceOrgOnly] },
  // 総務課 keeps the assets: the console's 資材種別, 資材 and ソフトウェア, 返却 and 購入品の受領 (issue 31).
  { username: 'inoue', permissions: [PERM.viewAsset, PERM.changeAsset] },
];

export const DEMO_ADMIN = { username: 'admin', fullName: '管理者' } as const;

/**
 * A bell of the demo: a reminder with its own text and link, or the bell the engine would have sent
 * about one of the user's seeded requests (BELL_MSG, linking to that task), found by its workflow and
 * status and dated when the task was last acted on — never a request that does not exist.
 */
export type DemoNotification =
  | {
      readonly kind: 'reminder';
      readonly title: string;
      readonly content: string;
      readonly forward: string;
      readonly isRead: boolean;
      /** How long before the seeding moment it was sent. */
      readonly minutesAgo: number;
    }
  | {
      readonly kind: 'request';
      readonly workflowId: number;
      /** 02: sent back (差戻し); 90: approved. */
      readonly status: '02' | '90';
      readonly isRead: boolean;
    };

export const DEMO_NOTIFICATIONS_FOR_YAMADA: readonly DemoNotification[] = [
  // The 経費精算 鈴木 sent back (demo-workflows.ts).
  { kind: 'request', workflowId: 3, status: '02', isRead: false },
  {
    kind: 'reminder',
    title: '勤怠入力のお願い',
    content: '今月の勤怠を月末までに入力してください。',
    forward: '/task/workflows',
    isRead: false,
    minutesAgo: 60 * 26,
  },
  // The approved 休暇申請.
  { kind: 'request', workflowId: 1, status: '90', isRead: true },
];
