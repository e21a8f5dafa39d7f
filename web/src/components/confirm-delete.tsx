import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useFocusAfterRender } from './focus.ts';

/** The question of a confirmation that names what it deletes: 〇〇を削除します、よろしいですか？ */
export const deleteQuestion = (what: string) => `${what}を削除します、よろしいですか？`;

interface ConfirmDeleteProps<T> {
  /** What is to be deleted; null while nothing is (the dialog is closed). */
  target: T | null;
  title: string;
  /** Defaults to CONFIRM.delete, 削除します、よろしいですか？ (spec §8.4 asks before deleting; its wording is ours). */
  message?: string;
  remove: (target: T) => Promise<unknown>;
  onClose: () => void;
  /** After the deletion, once the dialog has closed (e.g. back to the list). */
  onDeleted?: () => void;
}

/**
 * Where focus goes after a deletion unless the screen moved it (EditableRecords: the next row): the
 * page's heading, since the control that opened the dialog is usually gone with what it deleted and
 * focus would otherwise drop to the document once the dialog has closed (issue 37).
 */
function pageHeadingUnlessMoved(): HTMLElement | null {
  const active = document.activeElement;
  const stillAsked = !active || active === document.body || active.closest('.semi-modal') !== null;
  return stillAsked ? document.querySelector<HTMLElement>('.page__heading') : null;
}

/**
 * Asks before deleting, then deletes: closes and says 削除しました on success; on a failure shows
 * why and stays open, so the user may try again or cancel.
 */
export function ConfirmDelete<T>({
  target,
  title,
  message = CONFIRM.delete,
  remove,
  onClose,
  onDeleted,
}: ConfirmDeleteProps<T>) {
  const focusAfterRender = useFocusAfterRender();
  return (
    <ConfirmDialog
      visible={target !== null}
      title={title}
      message={message}
      okText="削除する"
      danger
      onCancel={onClose}
      onConfirm={async () => {
        if (target === null) return;
        try {
          await remove(target);
        } catch (error) {
          toastError(error);
          return;
        }
        onClose();
        toastSuccess(SUCCESS.deleted);
        focusAfterRender(pageHeadingUnlessMoved);
        onDeleted?.();
      }}
    />
  );
}
