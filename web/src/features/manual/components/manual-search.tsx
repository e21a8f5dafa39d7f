import Button from '@douyinfe/semi-ui/lib/es/button';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MANUAL_LIMITS, type TManualSearch } from '@portal/shared/contracts/manual';
import { QueryState } from '@/components/query-state.tsx';
import { PATHS } from '@/config/paths.ts';
import { useManualSearch } from '../api/search-manual.ts';
import { Highlight } from './highlight.tsx';

/** The words searched for, from the URL (`/manual?q=`), so a search can be linked and survives going back. */
export function useSearchWords(): string {
  const [params] = useSearchParams();
  return (params.get('q') ?? '').trim();
}

/** The search box: one field over the titles and bodies of every page; the results show on /manual. */
export function ManualSearchBox() {
  const words = useSearchWords();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(words);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    navigate(next ? `${PATHS.manual}?${new URLSearchParams({ q: next }).toString()}` : PATHS.manual);
  };
  return (
    <form className="manual-search" role="search" aria-label="マニュアルの検索" onSubmit={submit}>
      <label className="manual-search__field">
        <span>キーワード</span>
        <input
          type="search"
          name="q"
          value={draft}
          maxLength={MANUAL_LIMITS.query}
          onChange={(event) => setDraft(event.target.value)}
        />
      </label>
      <Button htmlType="submit">検索</Button>
    </form>
  );
}

/** The pages found, each with its chapter, the passage around the match, and the match in <mark>. */
export function ManualSearchResults({ search }: { search: TManualSearch }) {
  return (
    <ol className="manual-results" aria-label="検索結果">
      {search.results.map((hit) => (
        <li key={hit.id} className="manual-results__item">
          {/* Named outright: Chromium leaves the <mark> out of a link's name computed from its content. */}
          <Link to={PATHS.manualPage(hit.id)} className="manual-results__title" aria-label={hit.title}>
            <Highlight text={hit.title} query={search.query} />
          </Link>
          <span className="manual-results__chapter">{hit.chapter}</span>
          {hit.passage ? (
            <p className="manual-results__passage">
              <Highlight text={hit.passage} query={search.query} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** What the words found, or nothing while the box is empty. */
export function ManualSearch() {
  const words = useSearchWords();
  const search = useManualSearch(words);
  if (!words) return null;
  return (
    <section className="manual-search-results" aria-labelledby="manual-search-heading">
      <h3 id="manual-search-heading">「{words}」の検索結果</h3>
      <QueryState
        query={search}
        isEmpty={(data) => data.results.length === 0}
        empty="該当するページがありません。"
      >
        {(data) => <ManualSearchResults search={data} />}
      </QueryState>
    </section>
  );
}
