import { useEffect, useState } from 'react';
import type { TEmployeeCard } from '@portal/shared/contracts/employees';
import { QueryState } from '@/components/query-state.tsx';
import { useOrganizations } from '@/api/get-organizations.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { OrgTree } from '../components/org-tree.tsx';
import { PeopleList } from '../components/people-list.tsx';
import { PersonDialog } from '../components/person-dialog.tsx';
import '../components/org-chart.css';

const SEARCH_DELAY_MS = 300;

/** /company/organization-chart: the organisations and their people, one search box for the company. */
export default function OrganizationChartRoute() {
  const organizations = useOrganizations();
  const mobile = useIsMobile();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [person, setPerson] = useState<TEmployeeCard | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <div className="page org-chart">
      <form
        role="search"
        className="org-chart__search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(text.trim());
        }}
      >
        <label htmlFor="org-chart-search">社員を検索</label>
        <input
          id="org-chart-search"
          type="search"
          value={text}
          placeholder="氏名・フリガナ・社員番号"
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {search ? (
        <section aria-label="検索結果">
          <PeopleList
            key={search}
            filter={{ query: search }}
            label="検索結果"
            empty="該当する社員はいません。"
            onOpen={setPerson}
          />
        </section>
      ) : (
        <QueryState query={organizations} isEmpty={(data) => data.length === 0} empty="組織がありません。">
          {(orgs) => <OrgTree orgs={orgs} mobile={mobile} onOpenPerson={setPerson} />}
        </QueryState>
      )}
      {person ? <PersonDialog person={person} onClose={() => setPerson(null)} /> : null}
    </div>
  );
}
