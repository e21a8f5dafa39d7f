import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TNotification } from '@portal/shared/contracts/notifications';
import { toastError } from '@/lib/notify.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';

/** In-app paths are routed; absolute http(s) links leave the portal. */
function isInternal(forward: string): boolean {
  return forward.startsWith('/') && !forward.startsWith('//');
}

export function useNotificationActions({ onNavigate }: { onNavigate?: () => void } = {}) {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useMarkNotificationRead();

  /** Sends the change only when the notification is not already in that state (spec §4.3). */
  const setRead = useCallback(
    async (notification: TNotification, isRead: boolean) => {
      if (notification.is_read === isRead) return false;
      try {
        await mutateAsync({ id: notification.id, isRead });
        return true;
      } catch (error) {
        toastError(error);
        return false;
      }
    },
    [mutateAsync],
  );

  /** Clicking a title marks it read, then follows its link. */
  const open = useCallback(
    async (notification: TNotification) => {
      await setRead(notification, true);
      const { forward } = notification;
      if (!forward) return;
      onNavigate?.();
      if (isInternal(forward)) navigate(forward);
      else if (/^https?:\/\//i.test(forward)) window.location.assign(forward);
    },
    [setRead, navigate, onNavigate],
  );

  return { setRead, open, isPending };
}
