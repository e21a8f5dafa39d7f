import Button from '@douyinfe/semi-ui/lib/es/button';
import { Link, useParams } from 'react-router-dom';
import type { TNotice } from '@portal/shared/contracts/notices';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { toastError } from '@/lib/notify.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useNotice } from '../api/get-notice.ts';
import { getNoticeFile } from '../api/get-notice-file.ts';
import { NoticeBody } from '../components/notice-body.tsx';
import { NoticeTags } from '../components/notice-tags.tsx';
import '../components/notices.css';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Files({ notice }: { notice: TNotice }) {
  if (notice.attachments.length === 0) return null;
  const open = async (n: number, name: string) => {
    try {
      const file = await getNoticeFile(notice.id, n);
      saveFile(file.blob, file.filename ?? name);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <section className="notice-files" aria-labelledby="notice-files-heading">
      <h3 id="notice-files-heading">添付ファイル</h3>
      <ul>
        {notice.attachments.map((a) => (
          <li key={a.n}>
            <Button theme="borderless" onClick={() => void open(a.n, a.name)}>
              {a.name}（{kb(a.size)}）
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /notices/:id: one notice; opening it marks it read. */
export default function NoticeDetailRoute() {
  const id = Number(useParams().id);
  const notice = useNotice(id);
  return (
    <Page headingId="notice-detail-heading" title={notice.data?.title}>
      <Link className="notice-back" to="/notices">
        お知らせ一覧へ戻る
      </Link>
      <QueryState query={notice}>
        {(data) => (
          <article aria-label={data.title} data-testid="notice-detail">
            <p className="notice-meta">
              {dayjs(data.published_at).format('YYYY-MM-DD HH:mm')} 公開
              {data.publish_end ? `（${dayjs(data.publish_end).format('YYYY-MM-DD HH:mm')} まで）` : null}
              <NoticeTags notice={data} />
            </p>
            <NoticeBody notice={data} />
            <Files notice={data} />
          </article>
        )}
      </QueryState>
    </Page>
  );
}
