import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

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
        onDeleted?.();
      }}
    />
  );
}
