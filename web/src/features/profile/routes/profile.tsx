import type { ReactNode } from 'react';
import type { TEmployeeProfile } from '@portal/shared/contracts/profile';
import { Alert } from '@/components/alert.tsx';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { useEmployeeParam } from '@/lib/employee-param.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { useProfile } from '../api/profile.ts';
import { AvatarField } from '../components/avatar-field.tsx';
import { OwnDataDownload } from '../components/own-data-download.tsx';
import { ProfileContactForm } from '../components/profile-contact-form.tsx';
import '../components/profile.css';

const or = (value: ReactNode) => (value === null || value === '' || value === undefined ? '—' : value);

function Details({ profile, withContact }: { profile: TEmployeeProfile; withContact: boolean }) {
  const rows: [string, ReactNode][] = [
    ['社員番号', profile.code],
    ['氏名', `${profile.last_name} ${profile.first_name}`],
    ['フリガナ', `${profile.last_name_kana} ${profile.first_name_kana}`.trim()],
    ['性別', profile.gender_name],
    ['生年月日', profile.birth_date],
    ['婚姻', profile.marriage_name],
    ['国籍', profile.country_name],
    ['在留資格', profile.residence_name],
    ['在留期限', profile.residence_expiry],
    ['入社日', profile.join_date],
    ['所属', profile.organizations.map((o) => o.org_name).join('、')],
    [
      '役職',
      profile.positions.map((p) => `${p.org_name} ${p.name}${p.is_part_time ? '（兼務）' : ''}`).join('、'),
    ],
    [
      '契約',
      profile.latest_contract
        ? `${profile.latest_contract.start_date} 〜 ${profile.latest_contract.end_date ?? '期間の定めなし'}`
        : null,
    ],
    [
      '通勤経路',
      profile.commuting
        ? `${profile.commuting.from_station} → ${profile.commuting.to_station}（${profile.commuting.line}）`
        : null,
    ],
    [
      '定期代（1か月）',
      profile.commuting ? `${profile.commuting.monthly_amount.toLocaleString('ja-JP')} 円` : null,
    ],
    ...(withContact
      ? ([
          ['郵便番号', profile.postal_code],
          ['住所', profile.address],
          ['電話番号', profile.phone],
          ['メールアドレス', profile.email],
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <dl className="profile-details" aria-label="人事情報（変更は人事へ）">
      {rows.map(([label, value]) => (
        <div key={label} className="profile-details__row">
          <dt>{label}</dt>
          <dd>{or(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The employee's record (spec §2.1 /profile): HR's fields read-only, contact details and address editable. */
export default function ProfileRoute() {
  const fromParam = useEmployeeParam();
  const own = useSessionStore((state) => state.user?.me.employee?.id ?? null);
  const employeeId = fromParam ?? own;
  const profile = useProfile(employeeId);

  if (employeeId === null)
    return (
      <Page headingId="profile-heading">
        <p>社員情報が登録されていません。</p>
      </Page>
    );

  return (
    <Page headingId="profile-heading">
      <QueryState query={profile}>
        {(data) => {
          const editable = data.editable_fields.length > 0;
          return (
            <>
              {data.residence_alert ? <Alert type="warning">{data.residence_alert.message}</Alert> : null}
              <div className="profile-head">
                <AvatarField profile={data} editable={editable} />
                <div>
                  <p className="profile-head__name">
                    {data.last_name} {data.first_name}
                  </p>
                  <p className="profile-head__code">{data.code}</p>
                </div>
              </div>
              <h3 className="profile-section">人事情報</h3>
              <p className="profile-note">以下の項目の変更は人事へ連絡してください。</p>
              <Details profile={data} withContact={!editable} />
              {editable ? (
                <>
                  <h3 className="profile-section">連絡先・住所</h3>
                  <ProfileContactForm profile={data} />
                </>
              ) : null}
              {data.id === own ? <OwnDataDownload /> : null}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
