import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Dropdown from '@douyinfe/semi-ui/lib/es/dropdown';
import Modal from '@douyinfe/semi-ui/lib/es/modal';
import IconChevronDown from '@douyinfe/semi-icons/lib/es/icons/IconChevronDown';
import IconUser from '@douyinfe/semi-icons/lib/es/icons/IconUser';
import { useNavigate } from 'react-router-dom';
import { CONFIRM } from '@portal/shared/messages';
import { PATHS } from '@/config/paths.ts';
import { useLogout } from '@/features/auth/api/logout.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { isInLark } from '@/lib/lark.ts';
import { useSessionStore } from '@/stores/session-store.ts';

/** Links for users with an employee record (spec §6). */
export const EMPLOYEE_MENU = [
  { to: PATHS.profile, text: 'プロフィール' },
  { to: PATHS.contacts, text: '緊急連絡先' },
  { to: PATHS.bankAccounts, text: '銀行口座' },
  { to: PATHS.paymentSlip, text: '給与明細' },
  { to: PATHS.withholding, text: '源泉徴収票' },
  { to: PATHS.vacations, text: '休暇履歴' },
  { to: PATHS.proxies, text: '承認代理' },
] as const;

export function UserMenu() {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const user = useSessionStore((state) => state.user);
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  // Controlled, so a pick closes the menu even when the route change re-renders it mid-animation.
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const isEmployee = user.me.employee !== null;
  const canLogout = !isInLark();

  return (
    <>
      <Dropdown
        trigger="click"
        visible={open}
        onVisibleChange={setOpen}
        onClickOutSide={() => setOpen(false)}
        position="bottomRight"
        render={
          <Dropdown.Menu aria-label="ユーザーメニュー">
            <Dropdown.Title>{user.me.full_name || user.me.username}</Dropdown.Title>
            {isEmployee
              ? EMPLOYEE_MENU.map((item) => (
                  <Dropdown.Item key={item.to} onClick={pick(() => navigate(item.to))}>
                    {item.text}
                  </Dropdown.Item>
                ))
              : null}
            {canLogout ? (
              <>
                {isEmployee ? <Dropdown.Divider /> : null}
                <Dropdown.Item type="danger" onClick={pick(() => setConfirming(true))}>
                  ログアウト
                </Dropdown.Item>
              </>
            ) : null}
          </Dropdown.Menu>
        }
      >
        <Button
          theme="borderless"
          type="tertiary"
          aria-label="ユーザーメニュー"
          aria-haspopup="menu"
          className="user-menu__trigger"
        >
          {user.me.avatar ? (
            <img src={user.me.avatar} alt="" className="user-menu__avatar" width={24} height={24} />
          ) : (
            <IconUser />
          )}
          {isMobile ? null : <span className="user-menu__name">{user.me.full_name || user.me.username}</span>}
          <IconChevronDown size="small" />
        </Button>
      </Dropdown>
      <Modal
        title="ログアウトの確認"
        visible={confirming}
        onCancel={() => setConfirming(false)}
        closable={false}
        width={isMobile ? '90vw' : 400}
        centered
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>キャンセル</Button>
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
    </>
  );
}
