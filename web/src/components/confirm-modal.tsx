import { useState, type ReactNode } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Modal from '@douyinfe/semi-ui/lib/es/modal';
import { useIsMobile } from '@/hooks/use-media-query.ts';

export interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  /** The question, e.g. CONFIRM.approve. */
  message: string;
  okText: string;
  danger?: boolean;
  /** Extra inputs (comment, reason). */
  children?: ReactNode;
  onCancel: () => void;
  /** Resolves when done; the dialog shows a spinner meanwhile. */
  onConfirm: () => Promise<void>;
}

/** A Semi Modal that asks before an action (spec §8.4). */
export function ConfirmModal({
  visible,
  title,
  message,
  okText,
  danger = false,
  children,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const isMobile = useIsMobile();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={onCancel}
      closable={false}
      maskClosable={!busy}
      width={isMobile ? '90vw' : 480}
      centered
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            キャンセル
          </Button>
          <Button
            type={danger ? 'danger' : 'primary'}
            theme="solid"
            loading={busy}
            onClick={() => void confirm()}
            data-testid="confirm-ok"
          >
            {okText}
          </Button>
        </>
      }
    >
      <p className="confirm-dialog__message">{message}</p>
      {children}
    </Modal>
  );
}
