import type { TBankAccount } from '@portal/shared/contracts/bank-accounts';
import { BANK_ACCOUNT_PURPOSES } from '@portal/shared/contracts/bank-accounts';
import { deleteQuestion } from '@/components/confirm-delete.tsx';
import type { DataColumn } from '@/components/data-list.tsx';
import { EditableRecords } from '@/components/editable-records.tsx';
import { useEmployeeParam } from '@/lib/employee-param.ts';
import { useBankAccounts, useDeleteBankAccount, useSaveBankAccount } from '../api/bank-accounts.ts';
import { BankAccountForm } from '../components/bank-account-form.tsx';
import '../components/bank-accounts.css';

export const EMPTY_BANK_ACCOUNTS = '口座が登録されていません。';

const bankOf = (a: TBankAccount) => `${a.bank_name}（${a.bank_code}） ${a.branch_name}（${a.branch_code}）`;

/** Which account, without reading out its whole number: 三菱ＵＦＪ 千代田 普通 末尾 4567. */
const accountOf = (a: TBankAccount) =>
  `${a.bank_name} ${a.branch_name} ${a.account_type_name} 末尾 ${a.account_number.slice(-4)}`;

const COLUMNS: DataColumn<TBankAccount>[] = [
  { title: '用途', cell: (a) => a.purpose_name, width: 130 },
  { title: '銀行・支店', cell: bankOf },
  { title: '種別', cell: (a) => a.account_type_name, width: 80 },
  { title: '口座番号', cell: (a) => a.account_number, width: 110 },
  { title: '口座名義', cell: (a) => a.account_holder },
];

/** The salary account and the optional expense account (spec §2.1 /band-accounts). */
export default function BankAccountsRoute() {
  const employeeId = useEmployeeParam();
  const accounts = useBankAccounts(employeeId);
  const save = useSaveBankAccount();
  const remove = useDeleteBankAccount();
  const canEdit = accounts.data?.can_edit ?? false;
  const taken = (accounts.data?.results ?? []).map((a) => a.purpose);
  const canAdd = canEdit && taken.length < BANK_ACCOUNT_PURPOSES.length;

  return (
    <EditableRecords
      headingId="bank-accounts-heading"
      query={accounts}
      listLabel="口座一覧"
      empty={EMPTY_BANK_ACCOUNTS}
      columns={COLUMNS}
      card={(a, actions) => ({
        title: a.purpose_name,
        badge: actions,
        meta: [bankOf(a), `${a.account_type_name} ${a.account_number}`, a.account_holder],
      })}
      testId="bank-account-row"
      nameOf={(a) => a.purpose_name}
      canEdit={canEdit}
      addLabel={canAdd ? '口座を追加' : null}
      form={({ initial, onCancel, onSaved }) => (
        <BankAccountForm
          initial={initial}
          takenPurposes={taken}
          onCancel={onCancel}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: initial?.id ?? null, body });
            onSaved();
          }}
        />
      )}
      deleteTitle="口座の削除"
      deleteMessage={(a) => deleteQuestion(`${a.purpose_name}（${accountOf(a)}）`)}
      remove={(a) => remove.mutateAsync(a.id)}
    />
  );
}
