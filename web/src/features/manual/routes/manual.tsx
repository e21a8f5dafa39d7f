import { Page } from '@/components/page.tsx';
import { ManualLayout } from '../components/manual-layout.tsx';
import { ManualSearch, useSearchWords } from '../components/manual-search.tsx';

/** /manual: the contents and the search; its results when the URL carries words (`?q=`). */
export default function ManualRoute() {
  const words = useSearchWords();
  return (
    <Page headingId="manual-heading">
      <ManualLayout>
        {words ? <ManualSearch /> : <p>目次からページを選ぶか、キーワードで検索してください。</p>}
      </ManualLayout>
    </Page>
  );
}
