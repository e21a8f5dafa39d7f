import Button from '@douyinfe/semi-ui/lib/es/button';
import { useParams } from 'react-router-dom';
import type { TManualAttachment, TManualPage } from '@portal/shared/contracts/manual';
import { NotFound } from '@/components/errors/not-found.tsx';
import { Markdown } from '@/components/markdown/markdown.tsx';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { openFileWindow } from '@/lib/save-file.ts';
import { getManualAttachment } from '../api/get-attachment.ts';
import { useManualImages } from '../api/get-attachment.ts';
import { useManualPage } from '../api/get-page.ts';
import { ManualLayout } from '../components/manual-layout.tsx';

function Attachments({ page }: { page: TManualPage }) {
  if (page.attachments.length === 0) return null;
  const open = async (a: TManualAttachment) => {
    const win = openFileWindow();
    try {
      const file = await getManualAttachment(page.id, a.n);
      win.show(file.blob, a.name);
    } catch {
      win.close();
    }
  };
  return (
    <section className="manual-page__attachments" aria-labelledby="manual-attachments-heading">
      <h3 id="manual-attachments-heading">添付ファイル</h3>
      <ul>
        {page.attachments.map((a) => (
          <li key={a.n}>
            <Button
              onClick={() => void open(a)}
            >{`${a.name}（${Math.max(1, Math.round(a.size / 1024))}KB）`}</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PageBody({ page }: { page: TManualPage }) {
  const images = useManualImages(page.id, page.attachments);
  return (
    <article className="manual-page" aria-labelledby="manual-page-title">
      <p className="manual-page__chapter">{page.chapter}</p>
      <h3 id="manual-page-title" className="manual-page__title">
        {page.title}
      </h3>
      <p className="manual-page__meta">
        最終更新：{dayjs(page.updated_at).format('YYYY-MM-DD HH:mm')}
        {page.updated_by_name ? `（${page.updated_by_name}）` : ''}
      </p>
      <Markdown imageSources={images}>{page.body}</Markdown>
      <Attachments page={page} />
    </article>
  );
}

/** /manual/:id: one page of the manual beside the contents. */
export default function ManualPageRoute() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const page = useManualPage(valid ? id : 0);
  if (!valid) return <NotFound />;
  return (
    <Page headingId="manual-heading">
      <ManualLayout>
        <QueryState query={page}>{(data) => <PageBody page={data} />}</QueryState>
      </ManualLayout>
    </Page>
  );
}
