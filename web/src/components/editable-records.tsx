import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { SUCCESS } from '@portal/shared/messages';
import { toastSuccess } from '@/lib/notify.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataList, type DataCard, type DataColumn, type DataListProps } from './data-list.tsx';
import { focusFirstField, useFocusAfterRender } from './focus.ts';
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
  /** The confirmation's question, naming the record (〇〇を削除します、よろしいですか？). */
  deleteMessage: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
}

/** Where focus goes once the form or the dialog has gone, found after React has drawn the list again. */
type FocusTarget = { kind: 'add' } | { kind: 'row'; id: number } | { kind: 'heading' };

/**
 * A list of the user's own records with add, edit and delete (confirmed), as the server allows:
 * emergency contacts and bank accounts (spec §2.1). One form at a time, above the list.
 *
 * Focus never drops to the document when an action removes the focused control (issue 37): opening
 * the form moves focus to its first field; saving or cancelling returns it to the control that
 * opened the form (the add button, or the row's 編集); a deletion moves it to the next row's first
 * control, or to the list's heading when no row follows. Each falls back to the heading.
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
  deleteMessage,
  remove,
}: EditableRecordsProps<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  // Kept while the dialog fades out, when `deleting` is already null.
  const [question, setQuestion] = useState('');
  const formSlot = useRef<HTMLDivElement>(null);
  const afterDelete = useRef<FocusTarget>({ kind: 'heading' });
  const editingKey = editing === null ? null : editing === 'new' ? 'new' : editing.id;

  useEffect(() => {
    if (editingKey !== null && formSlot.current) focusFirstField(formSlot.current);
  }, [editingKey]);

  const focusAfterRender = useFocusAfterRender();
  const moveFocus = (target: FocusTarget) =>
    focusAfterRender(() => {
      const heading = document.getElementById(headingId);
      const inList = (selector: string) => heading?.closest('section')?.querySelector<HTMLElement>(selector);
      const found =
        target.kind === 'add'
          ? inList('.records-toolbar button')
          : target.kind === 'row'
            ? inList(`[data-record="${target.id}"] button`)
            : null;
      return found ?? heading;
    });

  const close = (target: FocusTarget) => {
    setEditing(null);
    moveFocus(target);
  };
  const opener = (): FocusTarget =>
    editing === null || editing === 'new' ? { kind: 'add' } : { kind: 'row', id: editing.id };

  /** The row after the deleted one, in the order shown; the heading when it was the last. */
  const afterDeleting = (item: T): FocusTarget => {
    const rows = query.data?.results ?? [];
    const next = rows[rows.findIndex((row) => row.id === item.id) + 1];
    return next?.can_edit ? { kind: 'row', id: next.id } : { kind: 'heading' };
  };

  const actions = (item: T) =>
    item.can_edit ? (
      <span className="records-form__actions" data-record={item.id}>
        <Button size="small" onClick={() => setEditing(item)} aria-label={`${nameOf(item)}を編集`}>
          編集
        </Button>
        <Button
          size="small"
          type="danger"
          onClick={() => {
            setQuestion(deleteMessage(item));
            setDeleting(item);
          }}
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
        <div ref={formSlot}>
          <Fragment key={editingKey}>
            {form({
              initial: editing === 'new' ? null : editing,
              onCancel: () => close(opener()),
              onSaved: () => {
                close(opener());
                toastSuccess(SUCCESS.saved);
              },
            })}
          </Fragment>
        </div>
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
        message={question}
        remove={(item) => {
          // Taken before the list loses the row.
          afterDelete.current = afterDeleting(item);
          return remove(item);
        }}
        onClose={() => setDeleting(null)}
        onDeleted={() => moveFocus(afterDelete.current)}
      />
    </Page>
  );
}
