import Tag from '@douyinfe/semi-ui/lib/es/tag';
import type { TNoticeRow } from '@portal/shared/contracts/notices';

/** 固定 and 重要 beside a notice's title; nothing for an ordinary one. */
export function NoticeTags({
  notice,
}: {
  notice: Pick<TNoticeRow, 'pinned' | 'importance' | 'importance_name'>;
}) {
  return (
    <span className="notice-tags">
      {notice.pinned ? <Tag color="blue">固定</Tag> : null}
      {notice.importance === 'important' ? (
        <Tag color="red" data-testid="notice-important">
          {notice.importance_name}
        </Tag>
      ) : null}
    </span>
  );
}

/** The title, bold while unread (and said so to a screen reader). */
export function NoticeTitle({ notice }: { notice: Pick<TNoticeRow, 'title' | 'is_read'> }) {
  return notice.is_read ? (
    <span>{notice.title}</span>
  ) : (
    <strong className="notice-unread">
      <span className="visually-hidden">未読：</span>
      {notice.title}
    </strong>
  );
}
