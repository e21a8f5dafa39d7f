import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@portal/shared/endpoints/notifications';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const markNotificationRead = ({ id, isRead }: { id: number; isRead: boolean }) =>
  api.call(notifications.markRead, { id }, { notification_id: id, is_read: isRead });

export const useMarkNotificationRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
};
