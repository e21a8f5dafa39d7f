// The organisation tree of a large company: 本部 > 事業部 > 部 > 課 (every level the product has, each
// parent on a higher one), about 25 people a 課, 5 課 a 部, 4 部 a 事業部 and 3 事業部 a 本部 — at
// 2,000 employees that is the 102 organisations of the approvals benchmark. Ids are 1…n, parents
// first; organisation n is headed by employee n (people.ts), so heads are written with one update.
import { sql } from 'drizzle-orm';
import type { OrgLevel } from '@portal/shared/codes';
import type { Db } from '../../db/client.ts';
import { bulkInsert, syncSequence } from './bulk-insert.ts';
import { ORG_WORDS } from './names.ts';

export interface LargeOrg {
  readonly id: number;
  readonly parentId: number | null;
  readonly level: OrgLevel;
  readonly name: string;
}

const PEOPLE_PER_SECTION = 25;
/** Children per parent, top down: 事業部 a 本部, 部 a 事業部, 課 a 部. */
const FAN_OUT = { '14': 3, '12': 4, '10': 5 } as const;
const LEVEL_WORD: Record<OrgLevel, string> = { '16': '本部', '14': '事業部', '12': '部', '10': '課' };

function nameOf(level: OrgLevel, k: number): string {
  const words = ORG_WORDS[level];
  const round = Math.floor(k / words.length);
  return `${words[k % words.length]}${round > 0 ? round + 1 : ''}${LEVEL_WORD[level]}`;
}

/** The tree for `employees` people, parents first. */
export function planOrganisations(employees: number): LargeOrg[] {
  const sections = Math.max(1, Math.round(employees / PEOPLE_PER_SECTION));
  const departments = Math.ceil(sections / FAN_OUT['10']);
  const divisions = Math.ceil(departments / FAN_OUT['12']);
  const headquarters = Math.ceil(divisions / FAN_OUT['14']);
  const orgs: LargeOrg[] = [];
  let parents: LargeOrg[] = [];
  for (const [level, count] of [
    ['16', headquarters],
    ['14', divisions],
    ['12', departments],
    ['10', sections],
  ] as const) {
    const made: LargeOrg[] = [];
    for (let k = 0; k < count; k++) {
      // Contiguous blocks of children under each parent, so every parent gets at least one.
      const parent = parents.length ? parents[Math.floor((k * parents.length) / count)]! : null;
      // A child's name counts among its siblings, as a real chart's does.
      const sibling = parent ? made.filter((o) => o.parentId === parent.id).length : k;
      made.push({
        id: orgs.length + made.length + 1,
        parentId: parent?.id ?? null,
        level,
        name: nameOf(level, sibling),
      });
    }
    orgs.push(...made);
    parents = made;
  }
  return orgs;
}

export async function insertOrganisations(tx: Db, orgs: readonly LargeOrg[]): Promise<void> {
  await bulkInsert(
    tx,
    'organizations',
    { id: 'int', name: 'text', parent_id: 'int', level: 'text' },
    orgs.map((o) => ({ id: o.id, name: o.name, parent_id: o.parentId, level: o.level })),
  );
  await syncSequence(tx, 'organizations');
}

/** Organisation n gets employee n as its head (people.ts gives them the position). */
export async function appointHeads(tx: Db): Promise<void> {
  await tx.execute(sql`update organizations set head_employee_id = id`);
}
