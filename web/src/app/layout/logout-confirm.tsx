import Button from '@douyinfe/semi-ui/lib/es/button';
import Modal from '@douyinfe/semi-ui/lib/es/modal';
import { CONFIRM } from '@portal/shared/messages';
import { useLogout } from '@/features/auth/api/logout.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { useSessionStore } from '@/stores/session-store.ts';

/** ログアウトの確認: its own chunk, loaded when asked for, so the dialog code is not in every first load. */
export function LogoutConfirm({ onCancel }: { onCancel: () => void }) {
  const isMobile = useIsMobile();
  const logout = useLogout();
  return (
    <Modal
      title="ログアウトの確認"
      visible
      onCancel={onCancel}
      closable={false}
      width={isMobile ? '90vw' : 400}
      centered
      footer={
        <>
          <Button onClick={onCancel}>キャンセル</Button>
          <Button
            type="danger"
            theme="solid"
            loading={logout.isPending}
            onClick={() => logout.mutate(useSessionStore.getState().refresh)}
          >
            ログアウト
          </Button>
        </>
      }
    >
      {CONFIRM.logout}
    </Modal>
  );
}
