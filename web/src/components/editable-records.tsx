import { Fragment, useState, type ReactNode } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { SUCCESS } from '@portal/shared/messages';
import { toastSuccess } from '@/lib/notify.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataList, type DataCard, type DataColumn, type DataListProps } from './data-list.tsx';
import { Page } from './page.tsx';
import './records.css';

interface EditableRecord {
  id: number;
  /** The server's word on whether this user may change this record. */
  can_edit: boolean;
}

/** What the screen's form is given: the record to change (null for a new one), and how to end. */
export interface RecordFormSlot<T> {
  initial: T | null;
  onCancel: () => void;
  /** After the record was saved: closes the form and says so. */
  onSaved: () => void;
}

interface EditableRecordsProps<T extends EditableRecord> {
  headingId: string;
  query: DataListProps<T>['query'];
  /** Names the list (its caption). */
  listLabel: string;
  empty: string;
  /** The record's own columns; 操作 follows where the list may be changed. */
  columns: readonly DataColumn<T>[];
  /** A row as a card on a phone; `actions` are its edit and delete buttons, if any. */
  card: (item: T, actions: ReactNode) => DataCard;
  testId: string;
  /** How the edit and delete buttons name the record (〇〇を編集). */
  nameOf: (item: T) => string;
  canEdit: boolean;
  /** The add button's text, or null where nothing may be added (no right, or the limit reached). */
  addLabel: string | null;
  form: (slot: RecordFormSlot<T>) => ReactNode;
  deleteTitle: string;
  remove: (item: T) => Promise<unknown>;
}

/**
 * A list of the user's own records with add, edit and delete (confirmed), as the server allows:
 * emergency contacts and bank accounts (spec §2.1). One form at a time, above the list.
 */
export function EditableRecords<T extends EditableRecord>({
  headingId,
  query,
  listLabel,
  empty,
  columns,
  card,
  testId,
  nameOf,
  canEdit,
  addLabel,
  form,
  deleteTitle,
  remove,
}: EditableRecordsProps<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const actions = (item: T) =>
    item.can_edit ? (
      <span className="records-form__actions">
        <Button size="small" onClick={() => setEditing(item)} aria-label={`${nameOf(item)}を編集`}>
          編集
        </Button>
        <Button
          size="small"
          type="danger"
          onClick={() => setDeleting(item)}
          aria-label={`${nameOf(item)}を削除`}
        >
          削除
        </Button>
      </span>
    ) : null;

  return (
    <Page headingId={headingId}>
      {addLabel !== null && editing === null ? (
        <div className="records-toolbar">
          <Button theme="solid" type="primary" onClick={() => setEditing('new')}>
            {addLabel}
          </Button>
        </div>
      ) : null}
      {editing !== null ? (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {form({
            initial: editing === 'new' ? null : editing,
            onCancel: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              toastSuccess(SUCCESS.saved);
            },
          })}
        </Fragment>
      ) : null}
      <DataList
        query={query}
        label={listLabel}
        empty={empty}
        columns={canEdit ? [...columns, { title: '操作', cell: actions, width: 150 }] : columns}
        card={(item) => card(item, actions(item))}
        rowKey={(item) => item.id}
        testId={testId}
      />
      <ConfirmDelete
        target={deleting}
        title={deleteTitle}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
