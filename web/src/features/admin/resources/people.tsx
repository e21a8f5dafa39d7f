import { Link } from 'react-router-dom';
import type { TAdminPerson, TAdminPersonRow } from '@portal/shared/contracts/admin';
import { RESIDENCE_STATUSES, labelOf } from '@portal/shared/codes';
import { NEW_PASSWORD_MIN } from '@portal/shared/limits';
import { PERM } from '@portal/shared/permissions';
import { adminApi } from '../api/admin-api.ts';
import { defineResource, type Choice, type FieldDecl } from '../resource.ts';
import { tokyoTime } from './audit.tsx';
import { useOrganizationChoices } from './choices.ts';

const SORT_CHOICES: readonly Choice[] = [
  { value: 'code', label: '社員番号順' },
  { value: '-code', label: '社員番号の逆順' },
  { value: 'kana', label: 'カナ順' },
  { value: '-kana', label: 'カナの逆順' },
  { value: 'name', label: '氏名順' },
];
const ACTIVE_CHOICES: readonly Choice[] = [
  { value: '1', label: '有効' },
  { value: '0', label: '無効' },
];

const CONTRACT_FIELDS = (prefix: string): FieldDecl[] => [
  { name: `${prefix}start_date`, label: '契約開始日', kind: 'date', required: true },
  {
    name: `${prefix}end_date`,
    label: '契約終了日',
    kind: 'date',
    nullable: true,
    help: '期間の定めがなければ空欄',
  },
  { name: `${prefix}work_start_time`, label: '始業時刻', kind: 'time', required: true },
  { name: `${prefix}work_end_time`, label: '終業時刻', kind: 'time', required: true },
];

const POSITION_FIELDS = (prefix: string): FieldDecl[] => [
  {
    name: `${prefix}organization_id`,
    label: '所属組織',
    kind: 'select',
    numeric: true,
    required: true,
    useChoices: useOrganizationChoices,
  },
  { name: `${prefix}title`, label: '役職', kind: 'text' },
  { name: `${prefix}is_part_time`, label: '兼務', kind: 'check' },
  // The server names heads only for holders of organization.change_organization (issue 32).
  {
    name: `${prefix}is_head`,
    label: 'この組織の長にする',
    kind: 'check',
    permission: PERM.changeOrganization,
  },
];

/**
 * The sign-in keys (mail, Lark and CAS find accounts by them): on a person the caller may not act on
 * (the account rule, `allowed.account`) the server refuses a change, so the edit form leaves them out.
 */
const mayChangeAccount = (context: unknown) => (context as TAdminPerson | undefined)?.allowed.account ?? true;

const NAME_FIELDS: FieldDecl[] = [
  { name: 'code', label: '社員番号', kind: 'text', required: true, visible: mayChangeAccount },
  { name: 'last_name', label: '姓', kind: 'text', required: true },
  { name: 'first_name', label: '名', kind: 'text', required: true },
  { name: 'last_name_kana', label: '姓（カナ）', kind: 'text' },
  { name: 'first_name_kana', label: '名（カナ）', kind: 'text' },
  { name: 'email', label: 'メールアドレス', kind: 'email', visible: mayChangeAccount },
];

const RESIDENCE_FIELDS: FieldDecl[] = [
  {
    name: 'residence',
    label: '在留資格',
    kind: 'select',
    required: true,
    useChoices: () => RESIDENCE_STATUSES,
  },
  {
    name: 'residence_expiry',
    label: '在留期限',
    kind: 'date',
    nullable: true,
    help: '在留カードの有効期限（日本籍は空欄）',
  },
];

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
const NEW_CONTRACT = () => ({
  start_date: today(),
  end_date: null,
  work_start_time: '09:00',
  work_end_time: '18:00',
});
const NEW_POSITION = { organization_id: undefined, title: '一般', is_part_time: false, is_head: false };

const OPEN_REQUEST_CHOICES: readonly Choice[] = [
  { value: 'keep', label: '人事の判断に残す' },
  { value: 'cancel', label: '取消する（理由を本人と承認者に通知）' },
];

const LEAVER_FIELDS: FieldDecl[] = [
  { name: 'left_on', label: '退職日', kind: 'date', required: true },
  {
    name: 'open_requests',
    label: 'この人の申請中の申請',
    kind: 'select',
    required: true,
    useChoices: () => OPEN_REQUEST_CHOICES,
  },
  { name: 'reason', label: '取消理由', kind: 'text', help: '取消する場合は必須（200 文字以内）' },
];

const OPEN_STATUS: Record<string, string> = { '01': '申請中', '02': '差戻し' };

/** The leaver's own open requests, which the deactivation cancels or leaves for HR. */
function OpenRequests({ person }: { person: TAdminPerson }) {
  return (
    <section className="admin-section" aria-labelledby="admin-open-requests">
      <h3 id="admin-open-requests">この人の申請中の申請</h3>
      {person.open_requests.length === 0 ? (
        <p>ありません。</p>
      ) : (
        <ul className="admin-plain-list">
          {person.open_requests.map((r) => (
            <li key={r.task_id}>
              {r.title}（{OPEN_STATUS[r.status] ?? r.status}、{tokyoTime(r.created_at)} 申請）
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const status = (p: { is_active: boolean; user_id: number | null }) =>
  p.user_id === null ? 'アカウントなし' : p.is_active ? '有効' : '無効';

export const peopleResource = defineResource<TAdminPersonRow, TAdminPerson>({
  key: 'people',
  label: '社員',
  description: '社員とそのアカウント、契約、所属。無効化するとその人のサインインはすぐに終わります。',
  view: PERM.viewEmployee,
  list: {
    label: '社員の一覧',
    empty: '該当する社員がいません。',
    fetch: adminApi.people,
    exportCsv: () => adminApi.peopleCsv(),
    links: [{ to: '/admin/people/import', label: '一括取込', permission: PERM.addEmployee }],
    filters: [
      { name: 'query', label: '氏名・カナ・社員番号・組織', kind: 'text' },
      { name: 'organization', label: '組織', kind: 'select', useChoices: useOrganizationChoices },
      { name: 'active', label: '状態', kind: 'select', useChoices: () => ACTIVE_CHOICES },
      { name: 'sort', label: '並び順', kind: 'select', useChoices: () => SORT_CHOICES },
    ],
    columns: [
      { title: '社員番号', cell: (p) => p.code, width: 96 },
      { title: '氏名', cell: (p) => p.name, primary: true },
      { title: 'カナ', cell: (p) => p.kana },
      { title: '所属', cell: (p) => p.organization ?? '―' },
      { title: '役職', cell: (p) => p.title ?? '―', width: 96 },
      { title: '状態', cell: status, width: 96 },
    ],
    card: (p) => ({
      title: `${p.name}（${p.code}）`,
      badge: <span className={p.is_active ? 'admin-tag' : 'admin-tag admin-tag--off'}>{status(p)}</span>,
      meta: [p.kana, [p.organization, p.title].filter(Boolean).join(' ')],
    }),
    rowKey: (p) => p.id,
  },
  detail: {
    fetch: adminApi.person,
    title: (p) => `${p.name}（${p.code}）`,
    lines: [
      { label: 'カナ', value: (p) => p.kana || '―' },
      { label: 'メールアドレス', value: (p) => p.email || '―' },
      { label: 'ユーザー名', value: (p) => p.username ?? 'アカウントなし' },
      { label: '状態', value: status },
      {
        label: 'パスワード',
        value: (p) => (p.must_change_password ? '次回サインイン時に変更が必要' : '設定済み'),
      },
      { label: 'Lark 連携', value: (p) => (p.lark_bound ? '連携済み' : 'なし') },
      { label: '退職日', value: (p) => p.left_on ?? '―' },
      {
        label: '法的保全',
        value: (p) =>
          p.legal_hold
            ? `設定中（理由: ${p.legal_hold.reason}、${p.legal_hold.created_by}、${tokyoTime(p.legal_hold.created_at)}）`
            : 'なし',
      },
      {
        label: '在留資格',
        value: (p) =>
          `${labelOf(RESIDENCE_STATUSES, p.residence)}${p.residence_expiry ? `（期限 ${p.residence_expiry}）` : ''}`,
      },
    ],
    sections: (p, user) => (
      <>
        <section className="admin-section" aria-labelledby="admin-contracts">
          <h3 id="admin-contracts">契約</h3>
          {p.contracts.length === 0 ? (
            <p>契約がありません。</p>
          ) : (
            <ul className="admin-plain-list">
              {p.contracts.map((c) => (
                <li key={c.id}>
                  {c.start_date} 〜 {c.end_date ?? '期間の定めなし'}（{c.work_start_time}〜{c.work_end_time}）
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-section" aria-labelledby="admin-positions">
          <h3 id="admin-positions">所属</h3>
          <ul className="admin-plain-list">
            {p.positions.map((pos) => (
              <li key={pos.id}>
                {pos.organization} {pos.title}
                {pos.is_part_time ? '（兼務）' : ''}
                {pos.is_head ? '（組織の長）' : ''}
              </li>
            ))}
          </ul>
        </section>
        <section className="admin-section" aria-labelledby="admin-pending">
          <h3 id="admin-pending">この人の承認待ちの申請</h3>
          {p.pending_approvals.length === 0 ? (
            <p>ありません。</p>
          ) : (
            <ul className="admin-plain-list">
              {p.pending_approvals.map((a) => (
                <li key={`${a.task_id}-${a.node_name}`}>
                  {a.title}（申請者: {a.applicant}、{a.node_name}）
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-section" aria-labelledby="admin-leave-decisions">
          <h3 id="admin-leave-decisions">有給休暇の付与判定</h3>
          {p.paid_leave_decisions.length === 0 ? (
            <p>判定はまだありません。</p>
          ) : (
            <ul className="admin-plain-list" data-testid="leave-decision">
              {p.paid_leave_decisions.map((d) => (
                <li key={d.granted_on}>
                  基準日 {d.granted_on}（対象期間 {d.period_from}〜{d.period_to}）：{d.reason}
                </li>
              ))}
            </ul>
          )}
        </section>
        {p.user_id !== null && user.can(PERM.viewGroup) ? (
          <Link className="admin-button" to={`/admin/access/${p.user_id}`}>
            グループと権限
          </Link>
        ) : null}
      </>
    ),
    actions: [
      {
        key: 'deactivate',
        label: '無効化',
        permission: PERM.changeUser,
        danger: true,
        visible: (p) => p.user_id !== null && p.is_active && p.allowed.account,
        confirm: (p) =>
          `${p.name} を退職者として無効化します。サインイン中の端末もすぐにサインアウトされ、この人の承認待ちの手順は上位の組織の長へ移り、代理承認は終了します。記録は保存期間まで削除されません。`,
        notice: (p) => <OpenRequests person={p} />,
        fields: LEAVER_FIELDS,
        initial: () => ({ left_on: today(), open_requests: 'keep', reason: '' }),
        run: async (p, body) => {
          const result = await adminApi.deactivate(p.id, {
            left_on: body.left_on,
            open_requests: body.open_requests,
            ...(body.open_requests === 'cancel' ? { reason: body.reason } : {}),
          });
          return {
            message: `${p.name} を無効化しました（退職日 ${String(body.left_on)}、終了したセッション: ${result.revoked_sessions} 件、取り消した申請: ${result.cancelled_requests.length} 件、上位へ移した承認: ${result.moved_steps.length} 件、終了した代理承認: ${result.ended_proxies} 件）。`,
            lines: [
              ...result.pending_approvals.map(
                (a) => `承認待ちのまま: ${a.title}（申請者: ${a.applicant}、${a.node_name}）`,
              ),
              ...(result.recall_assets ?? []).map((code) => `要回収の資材: ${code}`),
            ],
          };
        },
      },
      {
        key: 'reactivate',
        label: '再有効化',
        permission: PERM.changeUser,
        visible: (p) => p.user_id !== null && !p.is_active && p.allowed.account,
        confirm: (p) => `${p.name} のアカウントを再び有効にします。よろしいですか？`,
        run: async (p) => {
          await adminApi.reactivate(p.id);
          return { message: `${p.name} を再有効化しました。` };
        },
      },
      {
        key: 'hold',
        label: '法的保全を設定',
        permission: PERM.changeEmployee,
        visible: (p) => p.legal_hold === null,
        confirm: (p) =>
          `${p.name} に法的保全を設定します。解除するまで、この人についての記録は保存期間を過ぎても削除されません。`,
        fields: [
          {
            name: 'reason',
            label: '保全理由',
            kind: 'text',
            required: true,
            help: '訴訟・調査など、保全する理由（200 文字以内）',
          },
        ],
        initial: () => ({ reason: '' }),
        run: async (p, body) => {
          await adminApi.setHold(p.id, body);
          return { message: `${p.name} に法的保全を設定しました。` };
        },
      },
      {
        key: 'release-hold',
        label: '法的保全を解除',
        permission: PERM.changeEmployee,
        danger: true,
        visible: (p) => p.legal_hold !== null,
        confirm: (p) =>
          `${p.name} の法的保全を解除します。以後、保存期間を過ぎた記録は夜間の処理で削除されます。よろしいですか？`,
        run: async (p) => {
          await adminApi.releaseHold(p.id);
          return { message: `${p.name} の法的保全を解除しました。` };
        },
      },
      {
        key: 'export',
        label: '個人データを出力',
        permission: PERM.viewEmployee,
        confirm: (p) =>
          `${p.name} の個人データ（プロフィール、口座、勤怠、申請、明細など）を 1 つの zip で出力します。出力はアクセス記録に残ります。`,
        run: async (p) => {
          await adminApi.personExport(p.id, `個人データ_${p.code}.zip`);
          return { message: `${p.name} の個人データを出力しました。` };
        },
      },
      {
        key: 'password',
        label: 'パスワード再設定',
        permission: PERM.changeUser,
        visible: (p) => p.user_id !== null && p.allowed.account,
        confirm: () =>
          '仮パスワードを設定します。本人は次回サインイン時に新しいパスワードへの変更が必要です。サインイン中の端末はサインアウトされます。',
        fields: [
          {
            name: 'password',
            label: '仮パスワード',
            kind: 'password',
            required: true,
            minLength: NEW_PASSWORD_MIN,
            help: '8 文字以上',
          },
        ],
        initial: () => ({ password: '' }),
        run: async (p, body) => {
          await adminApi.resetPassword(p.id, body);
          return { message: `${p.name} の仮パスワードを設定しました。本人に安全な方法で伝えてください。` };
        },
      },
      {
        key: 'residence',
        label: '在留資格を変更',
        permission: PERM.changeEmployee,
        confirm: () =>
          '在留資格と在留カードの有効期限を変更します。変更前の値は履歴に残り、期限の 90 日前と 30 日前に本人と人事へ通知されます。',
        fields: RESIDENCE_FIELDS,
        initial: (p) => ({ residence: p.residence, residence_expiry: p.residence_expiry }),
        run: async (p, body) => {
          await adminApi.setResidence(p.id, body);
          return { message: '在留資格を変更しました。' };
        },
      },
      {
        key: 'contract',
        label: '契約を追加',
        permission: PERM.changeEmployee,
        confirm: () => '新しい契約を追加します。勤怠の始業・終業時刻はこの契約から取られます。',
        fields: CONTRACT_FIELDS(''),
        initial: () => NEW_CONTRACT(),
        run: async (p, body) => {
          await adminApi.addContract(p.id, body);
          return { message: '契約を追加しました。' };
        },
      },
      {
        key: 'end-contract',
        label: '契約を終了',
        permission: PERM.changeEmployee,
        visible: (p) => p.contracts.length > 0,
        confirm: () => '契約の終了日を設定します。終了日の翌日からは勤怠を入力できません。',
        fields: [
          {
            name: 'contract_id',
            label: '契約',
            kind: 'select',
            numeric: true,
            required: true,
            useChoices: (context) =>
              ((context as TAdminPerson | undefined)?.contracts ?? []).map((c) => ({
                value: String(c.id),
                label: `${c.start_date} 〜 ${c.end_date ?? '期間の定めなし'}`,
              })),
          },
          { name: 'end_date', label: '契約終了日', kind: 'date', required: true },
        ],
        initial: (p) => ({ contract_id: p.contracts.at(-1)?.id, end_date: today() }),
        run: async (_p, body) => {
          await adminApi.patchContract(Number(body.contract_id), { end_date: body.end_date });
          return { message: '契約の終了日を設定しました。' };
        },
      },
      {
        key: 'remove-position',
        label: '所属を削除',
        permission: PERM.changeEmployee,
        danger: true,
        // The server answers which positions the caller may remove (never the last; a head's only
        // with organization.change_organization and the account rule): only those are offered.
        visible: (p) => p.positions.some((pos) => pos.can_remove),
        confirm: () => '所属を削除します。その組織の長だった場合、その組織の長は空になります。',
        fields: [
          {
            name: 'position_id',
            label: '削除する所属',
            kind: 'select',
            numeric: true,
            required: true,
            useChoices: (context) =>
              ((context as TAdminPerson | undefined)?.positions ?? [])
                .filter((pos) => pos.can_remove)
                .map((pos) => ({
                  value: String(pos.id),
                  label: `${pos.organization} ${pos.title}${pos.is_part_time ? '（兼務）' : ''}`,
                })),
          },
        ],
        initial: () => ({ position_id: undefined }),
        run: async (_p, body) => {
          await adminApi.removePosition(Number(body.position_id));
          return { message: '所属を削除しました。' };
        },
      },
      {
        key: 'lark',
        label: 'Lark 連携を解除',
        permission: PERM.changeUser,
        danger: true,
        visible: (p) => p.lark_bound && p.allowed.account,
        confirm: (p) =>
          `${p.name} の Lark 連携を解除します。次に Lark からサインインするまで、ボットの通知は届きません。`,
        run: async (p) => {
          await adminApi.unbindLark(p.id);
          return { message: 'Lark 連携を解除しました。' };
        },
      },
      {
        key: 'position',
        label: '所属を追加',
        permission: PERM.changeEmployee,
        confirm: () => '所属を追加します。「この組織の長にする」を選ぶと、以後の申請はこの人に回ります。',
        fields: POSITION_FIELDS(''),
        initial: () => ({ ...NEW_POSITION, is_part_time: true }),
        run: async (p, body) => {
          await adminApi.addPosition(p.id, body);
          return { message: '所属を追加しました。' };
        },
      },
    ],
  },
  create: {
    title: '社員を追加',
    permission: PERM.addEmployee,
    fields: [
      ...NAME_FIELDS,
      { name: 'username', label: 'ユーザー名', kind: 'text', required: true, autoComplete: 'off' },
      {
        name: 'password',
        label: '仮パスワード',
        kind: 'password',
        required: true,
        minLength: NEW_PASSWORD_MIN,
        help: '8 文字以上。初回サインイン時に変更が必要です。',
      },
      ...CONTRACT_FIELDS('contract.'),
      ...POSITION_FIELDS('position.'),
    ],
    initial: () => ({
      code: '',
      last_name: '',
      first_name: '',
      last_name_kana: '',
      first_name_kana: '',
      email: '',
      username: '',
      password: '',
      contract: NEW_CONTRACT(),
      position: NEW_POSITION,
    }),
    submit: async (body) => (await adminApi.createPerson(body)).id,
  },
  edit: {
    title: '社員情報を変更',
    permission: PERM.changeEmployee,
    fields: NAME_FIELDS,
    initial: (p) => ({
      code: p?.code ?? '',
      last_name: p?.last_name ?? '',
      first_name: p?.first_name ?? '',
      last_name_kana: p?.last_name_kana ?? '',
      first_name_kana: p?.first_name_kana ?? '',
      email: p?.email ?? '',
    }),
    submit: async (body, p) => (await adminApi.patchPerson(p!.id, body)).id,
  },
});
