// Toasts of spec §8.1: titled 成功： / エラー：, one toast per message.
import Toast from '@douyinfe/semi-ui/lib/es/toast';
import { TOAST_TITLE } from '@portal/shared/messages';
import { errorMessages } from './error-messages.ts';

export function toastSuccess(message: string): void {
  Toast.success({ content: `${TOAST_TITLE.success}${message}` });
}

export function toastError(error: unknown): void {
  for (const message of errorMessages(error)) {
    Toast.error({ content: `${TOAST_TITLE.error}${message}` });
  }
}
