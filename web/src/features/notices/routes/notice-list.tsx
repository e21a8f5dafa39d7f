import { Link, useSearchParams } from 'react-router-dom';
import type { TNoticeRow } from '@portal/shared/contracts/notices';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { Page } from '@/components/page.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { usePageParam } from '@/lib/page-param.ts';
import { useNotices } from '../api/get-notices.ts';
import { NoticeTags, NoticeTitle } from '../components/notice-tags.tsx';
import '../components/notices.css';

export const EMPTY_NOTICES = 'お知らせはありません。';
export const EMPTY_UNREAD = '未読のお知らせはありません。';

const published = (n: TNoticeRow) => dayjs(n.published_at).format('YYYY-MM-DD HH:mm');

const COLUMNS: DataColumn<TNoticeRow>[] = [
  { title: 'タイトル', cell: (n) => <NoticeTitle notice={n} />, primary: true },
  { title: '', cell: (n) => <NoticeTags notice={n} />, width: 120 },
  { title: '公開日時', cell: published, width: 160 },
];

/** /notices: the company's announcements addressed to me, pinned and 重要 first; 未読のみ in the URL. */
export default function NoticeListRoute() {
  const [page] = usePageParam();
  const [params] = useSearchParams();
  const unread = params.get('unread') === '1';
  const notices = useNotices(page, unread);

  return (
    <Page headingId="notice-list-heading">
      <nav className="notice-toolbar" aria-label="表示するお知らせ">
        <Link to="/notices" aria-current={unread ? undefined : 'page'}>
          すべて
        </Link>
        <Link to="/notices?unread=1" aria-current={unread ? 'page' : undefined}>
          未読のみ
        </Link>
      </nav>
      <DataList
        query={notices}
        label="お知らせ一覧"
        empty={unread ? EMPTY_UNREAD : EMPTY_NOTICES}
        columns={COLUMNS}
        card={(n) => ({
          title: <NoticeTitle notice={n} />,
          badge: <NoticeTags notice={n} />,
          meta: [published(n)],
        })}
        rowKey={(n) => n.id}
        rowHref={(n) => `/notices/${n.id}`}
        testId="notice-row"
      />
    </Page>
  );
}
