import Modal from '@douyinfe/semi-ui/lib/es/modal';

/** An image attachment shown in a modal (attachment-link.tsx loads this only once one is opened). */
export function AttachmentPreview({
  name,
  url,
  onClose,
}: {
  name: string;
  url: string;
  onClose: () => void;
}) {
  return (
    <Modal title={name} visible onCancel={onClose} footer={null} width="auto" centered>
      <img className="attachment-preview" src={url} alt={name} />
    </Modal>
  );
}
