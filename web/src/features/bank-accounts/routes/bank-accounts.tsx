import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import type { TBankAccount } from '@portal/shared/contracts/bank-accounts';
import { BANK_ACCOUNT_PURPOSES } from '@portal/shared/contracts/bank-accounts';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { Page } from '@/components/page.tsx';
import { useEmployeeParam } from '@/lib/employee-param.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useBankAccounts, useDeleteBankAccount, useSaveBankAccount } from '../api/bank-accounts.ts';
import { BankAccountForm } from '../components/bank-account-form.tsx';
import '../components/bank-accounts.css';

export const EMPTY_BANK_ACCOUNTS = '口座が登録されていません。';

const bankOf = (a: TBankAccount) => `${a.bank_name}（${a.bank_code}） ${a.branch_name}（${a.branch_code}）`;

/** The salary account and the optional expense account (spec §2.1 /band-accounts). */
export default function BankAccountsRoute() {
  const employeeId = useEmployeeParam();
  const accounts = useBankAccounts(employeeId);
  const save = useSaveBankAccount();
  const remove = useDeleteBankAccount();
  const [editing, setEditing] = useState<TBankAccount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TBankAccount | null>(null);
  const canEdit = accounts.data?.can_edit ?? false;
  const taken = (accounts.data?.results ?? []).map((a) => a.purpose);
  const canAdd = canEdit && taken.length < BANK_ACCOUNT_PURPOSES.length;

  const actions = (a: TBankAccount) =>
    a.can_edit ? (
      <span className="records-form__actions">
        <Button size="small" onClick={() => setEditing(a)} aria-label={`${a.purpose_name}を編集`}>
          編集
        </Button>
        <Button
          size="small"
          type="danger"
          onClick={() => setDeleting(a)}
          aria-label={`${a.purpose_name}を削除`}
        >
          削除
        </Button>
      </span>
    ) : null;

  const columns: DataColumn<TBankAccount>[] = [
    { title: '用途', cell: (a) => a.purpose_name, width: 130 },
    { title: '銀行・支店', cell: bankOf },
    { title: '種別', cell: (a) => a.account_type_name, width: 80 },
    { title: '口座番号', cell: (a) => a.account_number, width: 110 },
    { title: '口座名義', cell: (a) => a.account_holder },
    ...(canEdit ? [{ title: '操作', cell: actions, width: 150 }] : []),
  ];

  return (
    <Page headingId="bank-accounts-heading">
      {canAdd && editing === null ? (
        <div className="records-toolbar">
          <Button theme="solid" type="primary" onClick={() => setEditing('new')}>
            口座を追加
          </Button>
        </div>
      ) : null}
      {editing !== null ? (
        <BankAccountForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          takenPurposes={taken}
          onCancel={() => setEditing(null)}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: editing === 'new' ? null : editing.id, body });
            setEditing(null);
            toastSuccess(SUCCESS.saved);
          }}
        />
      ) : null}
      <DataList
        query={accounts}
        label="口座一覧"
        empty={EMPTY_BANK_ACCOUNTS}
        columns={columns}
        card={(a) => ({
          title: a.purpose_name,
          badge: actions(a),
          meta: [bankOf(a), `${a.account_type_name} ${a.account_number}`, a.account_holder],
        })}
        rowKey={(a) => a.id}
        testId="bank-account-row"
      />
      <ConfirmDialog
        visible={deleting !== null}
        title="口座の削除"
        message={CONFIRM.delete}
        okText="削除する"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            setDeleting(null);
            toastSuccess(SUCCESS.deleted);
          } catch (error) {
            toastError(error);
          }
        }}
      />
    </Page>
  );
}
