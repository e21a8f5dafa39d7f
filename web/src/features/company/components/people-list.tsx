import { useState } from 'react';
import type { TEmployeeCard } from '@portal/shared/contracts/employees';
import { PAGE_SIZE } from '@portal/shared/limits';
import { Pagination } from '@/components/pagination.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { useEmployees, type EmployeesFilter } from '../api/list-employees.ts';
import { Avatar } from './person-avatar.tsx';

/** What a row says under the name: this organisation's title (or every organisation, in a search). */
function positionLine(person: TEmployeeCard, organizationId: number | undefined): string {
  const shown =
    organizationId === undefined
      ? person.positions
      : person.positions.filter((p) => p.organization_id === organizationId);
  return shown
    .map((p) =>
      [
        organizationId === undefined ? p.organization : '',
        p.title,
        p.is_head ? '組織の長' : '',
        p.is_part_time ? '兼務' : '',
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join(' ／ ');
}

/** People of an organisation or of a search, 10 a page; each opens the person dialog. */
export function PeopleList({
  filter,
  label,
  empty,
  onOpen,
}: {
  filter: Omit<EmployeesFilter, 'page'>;
  label: string;
  empty: string;
  onOpen: (person: TEmployeeCard) => void;
}) {
  const [page, setPage] = useState(1);
  const query = useEmployees({ ...filter, page });
  return (
    <QueryState
      query={query}
      isEmpty={(data) => data.count === 0}
      empty={<p className="org-people__empty">{empty}</p>}
    >
      {(data) => (
        <div className="org-people">
          <ul className="org-people__list" aria-label={label}>
            {data.results.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  className="org-person"
                  onClick={() => onOpen(person)}
                  data-testid="org-person"
                >
                  <Avatar name={person.name} />
                  <span className="org-person__text">
                    <span className="org-person__name">{person.name}</span>
                    <span className="org-person__kana">{person.kana}</span>
                    <span className="org-person__title">{positionLine(person, filter.organization)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {data.count > PAGE_SIZE ? (
            <Pagination
              compact
              total={data.count}
              pageSize={PAGE_SIZE}
              currentPage={page}
              onPageChange={setPage}
            />
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
