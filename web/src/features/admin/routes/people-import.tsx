// 社員の一括取込 (issue 14) on the console's import screen. The layout is the export's (社員 → CSV 出力).
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type TImportResult } from '@portal/shared/contracts/admin-import';
import { PERM } from '@portal/shared/permissions';
import { adminApi } from '../api/admin-api.ts';
import { ImportScreen } from '../components/import-screen.tsx';
import type { ConsoleUser } from '../resource.ts';

export const IMPORT_TEXT = {
  title: '社員の一括取込',
  layout: [
    `1 行目を見出し（${IMPORT_COLUMNS.map((c) => c.label).join('、')}）にした CSV（UTF-8 または Shift_JIS）か Excel（.xlsx）を選んでください。`,
    '1 行が 1 人で、アカウント・契約・所属をまとめて登録します。',
    '所属組織は組織名か組織の ID、組織の長と兼務は「○」か空欄、入社日が空欄なら契約開始日です。',
    'アカウントはパスワードなしで作られるため、取込後に仮パスワードを設定してください。',
    `最大 ${IMPORT_MAX_ROWS} 行、2 MB まで。社員の一覧の「CSV 出力」が同じ形式です。`,
  ].join(''),
  ready: (n: number) => `${n} 行にエラーはありません。「取り込む」で全員をまとめて登録します。`,
  done: (r: TImportResult) =>
    `${r.created} 名を登録しました（所属 ${r.positions} 件、契約 ${r.contracts} 件）。`,
} as const;

export function PeopleImport({ user }: { user: ConsoleUser }) {
  return (
    <ImportScreen
      user={user}
      permission={PERM.addEmployee}
      title={IMPORT_TEXT.title}
      list={{ to: '/admin/people', label: '社員' }}
      layout={IMPORT_TEXT.layout}
      ready={IMPORT_TEXT.ready}
      done={IMPORT_TEXT.done}
      check={adminApi.importCheck}
      confirm={adminApi.importConfirm}
      searchColumns={['社員番号', '姓', '名']}
      searchLabel="社員番号・氏名で検索"
    />
  );
}
