import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { MAX_CONTACTS, type TContact } from '@portal/shared/contracts/contacts';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { Page } from '@/components/page.tsx';
import { useEmployeeParam } from '@/lib/employee-param.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useContacts, useDeleteContact, useSaveContact } from '../api/contacts.ts';
import { ContactForm } from '../components/contact-form.tsx';
import '../components/contacts.css';

export const EMPTY_CONTACTS = '緊急連絡先が登録されていません。';

/** Emergency contacts in the order to call them (spec §2.1 /contacts). */
export default function ContactsRoute() {
  const employeeId = useEmployeeParam();
  const contacts = useContacts(employeeId);
  const save = useSaveContact();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<TContact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TContact | null>(null);
  const canEdit = contacts.data?.can_edit ?? false;
  const count = contacts.data?.count ?? 0;

  const actions = (c: TContact) =>
    c.can_edit ? (
      <span className="records-form__actions">
        <Button size="small" onClick={() => setEditing(c)} aria-label={`${c.name}を編集`}>
          編集
        </Button>
        <Button size="small" type="danger" onClick={() => setDeleting(c)} aria-label={`${c.name}を削除`}>
          削除
        </Button>
      </span>
    ) : null;

  const columns: DataColumn<TContact>[] = [
    { title: '順位', cell: (c) => c.priority, width: 60 },
    { title: '氏名', cell: (c) => `${c.name}（${c.name_kana}）` },
    { title: '続柄', cell: (c) => c.relationship, width: 80 },
    { title: '電話番号', cell: (c) => c.phone, width: 140 },
    { title: '住所', cell: (c) => c.address },
    ...(canEdit ? [{ title: '操作', cell: actions, width: 150 }] : []),
  ];

  return (
    <Page headingId="contacts-heading">
      {canEdit && editing === null && count < MAX_CONTACTS ? (
        <div className="records-toolbar">
          <Button theme="solid" type="primary" onClick={() => setEditing('new')}>
            緊急連絡先を追加
          </Button>
        </div>
      ) : null}
      {editing !== null ? (
        <ContactForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          count={count}
          onCancel={() => setEditing(null)}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: editing === 'new' ? null : editing.id, body });
            setEditing(null);
            toastSuccess(SUCCESS.saved);
          }}
        />
      ) : null}
      <DataList
        query={contacts}
        label="緊急連絡先一覧"
        empty={EMPTY_CONTACTS}
        columns={columns}
        card={(c) => ({
          title: `${c.priority}. ${c.name}（${c.relationship}）`,
          badge: actions(c),
          meta: [c.phone, c.address],
        })}
        rowKey={(c) => c.id}
        testId="contact-row"
      />
      <ConfirmDialog
        visible={deleting !== null}
        title="緊急連絡先の削除"
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
