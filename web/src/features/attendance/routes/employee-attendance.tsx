import { useState, type FormEvent } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { TOrganization } from '@portal/shared/contracts/organizations';
import { Page } from '@/components/page.tsx';
import { useOrganizations } from '@/api/get-organizations.ts';
import { NotFound } from '@/components/errors/not-found.tsx';
import { MonthField } from '@/components/form/month-field.tsx';
import { PATHS } from '@/config/paths.ts';
import { monthValue, readMonth } from '@/lib/month-param.ts';
import { readPage } from '@/lib/page-param.ts';
import { useAttendanceEmployees } from '../api/get-attendance-employees.ts';
import { EmployeeAttendanceList } from '../lists/employee-attendance-list.tsx';
import '../view/attendance-view.css';

/** Organisations in tree order, each with its depth, for an indented select. */
function treeOrder(organizations: readonly TOrganization[]): { org: TOrganization; depth: number }[] {
  const children = new Map<number | null, TOrganization[]>();
  for (const org of organizations) {
    const siblings = children.get(org.parent_id) ?? [];
    siblings.push(org);
    children.set(org.parent_id, siblings);
  }
  const ids = new Set(organizations.map((org) => org.id));
  const roots = organizations.filter((org) => org.parent_id === null || !ids.has(org.parent_id));
  const out: { org: TOrganization; depth: number }[] = [];
  const walk = (org: TOrganization, depth: number) => {
    out.push({ org, depth });
    for (const child of children.get(org.id) ?? []) walk(child, depth + 1);
  };
  for (const root of roots) walk(root, 0);
  return out;
}

/**
 * /employee/attendance/{organisation} (0 = every employee one may see): the employees one may see
 * with their month's status (spec §2.1; employee.view_attendance or its org-only variant). Month,
 * search and page live in the URL.
 */
export default function EmployeeAttendanceRoute() {
  const navigate = useNavigate();
  const organization = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const { year, month } = readMonth(params);
  const search = params.get('query') ?? '';
  const page = readPage(params);
  const [draft, setDraft] = useState(search);
  const valid = Number.isSafeInteger(organization) && organization >= 0;
  const employees = useAttendanceEmployees({
    year,
    month,
    page,
    organization: valid && organization > 0 ? organization : undefined,
    query: search || undefined,
  });
  const organizations = useOrganizations();
  if (!valid) return <NotFound />;

  const change = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ query: draft.trim() });
  };
  // Another organisation starts at its first page, keeping the month and the search.
  const kept = new URLSearchParams(params);
  kept.delete('page');
  const query = kept.toString();

  return (
    <Page headingId="employee-attendance-heading">
      <form className="att-toolbar" role="search" aria-label="絞り込み" onSubmit={submitSearch}>
        <MonthField value={{ year, month }} onChange={(picked) => change({ month: monthValue(picked) })} />
        <label className="att-field">
          <span>組織</span>
          <select
            name="organization"
            value={organization}
            onChange={(event) =>
              navigate(`${PATHS.employeeAttendance(Number(event.target.value))}${query ? `?${query}` : ''}`)
            }
          >
            <option value={0}>すべて</option>
            {treeOrder(organizations.data ?? []).map(({ org, depth }) => (
              <option key={org.id} value={org.id}>
                {`${'　'.repeat(depth)}${org.name}`}
              </option>
            ))}
          </select>
        </label>
        <label className="att-field">
          <span>社員番号・氏名</span>
          <input
            type="search"
            name="query"
            value={draft}
            maxLength={100}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <Button htmlType="submit">検索</Button>
      </form>
      <EmployeeAttendanceList query={employees} />
    </Page>
  );
}
