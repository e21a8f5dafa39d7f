import { CONFIRM } from '@portal/shared/messages';
import { ConfirmModal } from '@/components/confirm-modal.tsx';
import { useLogout } from '@/features/auth/api/logout.ts';
import { useSessionStore } from '@/stores/session-store.ts';

/** ログアウトの確認: its own chunk, loaded when asked for, so the dialog code is not in every first load. */
export function LogoutConfirm({ onCancel }: { onCancel: () => void }) {
  const logout = useLogout();
  return (
    <ConfirmModal
      visible
      title="ログアウトの確認"
      message={CONFIRM.logout}
      okText="ログアウト"
      danger
      onCancel={onCancel}
      // The session ends here whatever the server answers (useLogout's onSettled), so a failed
      // revocation leaves nothing to tell.
      onConfirm={() =>
        logout.mutateAsync(useSessionStore.getState().refresh).then(
          () => undefined,
          () => undefined,
        )
      }
    />
  );
}
