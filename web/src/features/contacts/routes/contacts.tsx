import { MAX_CONTACTS, type TContact } from '@portal/shared/contracts/contacts';
import { deleteQuestion } from '@/components/confirm-delete.tsx';
import type { DataColumn } from '@/components/data-list.tsx';
import { EditableRecords } from '@/components/editable-records.tsx';
import { useEmployeeParam } from '@/lib/employee-param.ts';
import { useContacts, useDeleteContact, useSaveContact } from '../api/contacts.ts';
import { ContactForm } from '../components/contact-form.tsx';

export const EMPTY_CONTACTS = '緊急連絡先が登録されていません。';

const COLUMNS: DataColumn<TContact>[] = [
  { title: '順位', cell: (c) => c.priority, width: 60 },
  { title: '氏名', cell: (c) => `${c.name}（${c.name_kana}）` },
  { title: '続柄', cell: (c) => c.relationship, width: 80 },
  { title: '電話番号', cell: (c) => c.phone, width: 140 },
  { title: '住所', cell: (c) => c.address },
];

/** Emergency contacts in the order to call them (spec §2.1 /contacts). */
export default function ContactsRoute() {
  const employeeId = useEmployeeParam();
  const contacts = useContacts(employeeId);
  const save = useSaveContact();
  const remove = useDeleteContact();
  const canEdit = contacts.data?.can_edit ?? false;
  const count = contacts.data?.count ?? 0;

  return (
    <EditableRecords
      headingId="contacts-heading"
      query={contacts}
      listLabel="緊急連絡先一覧"
      empty={EMPTY_CONTACTS}
      columns={COLUMNS}
      card={(c, actions) => ({
        title: `${c.priority}. ${c.name}（${c.relationship}）`,
        badge: actions,
        meta: [c.phone, c.address],
      })}
      testId="contact-row"
      nameOf={(c) => c.name}
      canEdit={canEdit}
      addLabel={canEdit && count < MAX_CONTACTS ? '緊急連絡先を追加' : null}
      form={({ initial, onCancel, onSaved }) => (
        <ContactForm
          initial={initial}
          count={count}
          onCancel={onCancel}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: initial?.id ?? null, body });
            onSaved();
          }}
        />
      )}
      deleteTitle="緊急連絡先の削除"
      deleteMessage={(c) => deleteQuestion(`緊急連絡先「${c.name}（${c.relationship}）」`)}
      remove={(c) => remove.mutateAsync(c.id)}
    />
  );
}
