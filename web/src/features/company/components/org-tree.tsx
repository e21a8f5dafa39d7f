import { useMemo, useState } from 'react';
import { ORG_HEAD_TITLES, type OrgLevel } from '@portal/shared/codes';
import type { TEmployeeCard } from '@portal/shared/contracts/employees';
import type { TOrganization } from '@portal/shared/contracts/organizations';
import { PeopleList } from './people-list.tsx';

type Children = ReadonlyMap<number | null, readonly TOrganization[]>;

function childrenOf(orgs: readonly TOrganization[]): Children {
  const ids = new Set(orgs.map((o) => o.id));
  const map = new Map<number | null, TOrganization[]>();
  for (const org of orgs) {
    // An organisation whose parent is closed (not listed) shows at the top.
    const parent = org.parent_id !== null && ids.has(org.parent_id) ? org.parent_id : null;
    // Pushed, not copied: a copy per sibling is quadratic in a wide organisation.
    const siblings = map.get(parent);
    if (siblings) siblings.push(org);
    else map.set(parent, [org]);
  }
  return map;
}

function headLine(org: TOrganization): string {
  return org.head_name ? `${ORG_HEAD_TITLES[org.level as OrgLevel]} ${org.head_name}` : '';
}

interface TreeProps {
  orgs: readonly TOrganization[];
  /** Below 768 px: one open path at a time, flat, with a breadcrumb. */
  mobile: boolean;
  onOpenPerson: (person: TEmployeeCard) => void;
}

/**
 * The organisations as disclosure buttons (`aria-expanded`), each with its head and member count,
 * opening to its members and the organisations under it: nested from 768 px, a flat list with a
 * breadcrumb of the open path below it.
 */
export function OrgTree({ orgs, mobile, onOpenPerson }: TreeProps) {
  const children = useMemo(() => childrenOf(orgs), [orgs]);
  const byId = useMemo(() => new Map(orgs.map((o) => [o.id, o])), [orgs]);
  const roots = children.get(null) ?? [];
  // Desktop: any set of open organisations; the top ones open at first.
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(roots.map((r) => r.id)));
  // Phone: the open path, top down.
  const [path, setPath] = useState<readonly number[]>([]);

  if (mobile) {
    const current = path.length > 0 ? path[path.length - 1]! : null;
    const currentOrg = current === null ? null : byId.get(current);
    const shown = children.get(current) ?? [];
    return (
      <div className="org-mobile" data-testid="org-chart-list">
        <nav aria-label="組織の階層" className="org-breadcrumb">
          <ol>
            <li>
              {path.length === 0 ? (
                <span aria-current="location">全社</span>
              ) : (
                <button type="button" onClick={() => setPath([])}>
                  全社
                </button>
              )}
            </li>
            {path.map((id, i) => (
              <li key={id}>
                {i === path.length - 1 ? (
                  <span aria-current="location">{byId.get(id)?.name}</span>
                ) : (
                  <button type="button" onClick={() => setPath(path.slice(0, i + 1))}>
                    {byId.get(id)?.name}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {currentOrg ? (
          <section aria-label={`${currentOrg.name}のメンバー`} className="org-mobile__members">
            <PeopleList
              filter={{ organization: currentOrg.id }}
              label={`${currentOrg.name}のメンバー`}
              empty="この組織に直接所属する人はいません。"
              onOpen={onOpenPerson}
            />
          </section>
        ) : null}
        {shown.length > 0 ? (
          <ul className="org-mobile__list" aria-label={currentOrg ? `${currentOrg.name}の下の組織` : '組織'}>
            {shown.map((org) => (
              <li key={org.id}>
                <button
                  type="button"
                  className="org-node__toggle"
                  aria-expanded={false}
                  onClick={() => setPath([...path, org.id])}
                  data-testid="org-toggle"
                >
                  <OrgLabel org={org} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }

  const toggle = (id: number) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderLevel = (parent: number | null, label: string) => (
    <ul className={parent === null ? 'org-tree' : 'org-tree__children'} aria-label={label}>
      {(children.get(parent) ?? []).map((org) => {
        const expanded = open.has(org.id);
        const below = children.get(org.id) ?? [];
        return (
          <li key={org.id} className="org-node">
            <button
              type="button"
              className="org-node__toggle"
              aria-expanded={expanded}
              onClick={() => toggle(org.id)}
              data-testid="org-toggle"
            >
              <OrgLabel org={org} />
            </button>
            {expanded ? (
              <div className="org-node__body">
                <PeopleList
                  filter={{ organization: org.id }}
                  label={`${org.name}のメンバー`}
                  empty="この組織に直接所属する人はいません。"
                  onOpen={onOpenPerson}
                />
                {below.length > 0 ? renderLevel(org.id, `${org.name}の下の組織`) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="org-desktop" data-testid="org-chart-tree">
      {renderLevel(null, '組織図')}
    </div>
  );
}

function OrgLabel({ org }: { org: TOrganization }) {
  return (
    <span className="org-node__label">
      <span className="org-node__name">{org.name}</span>
      <span className="org-node__meta">
        {headLine(org)}
        <span className="org-node__count">{org.member_count}名</span>
      </span>
    </span>
  );
}
