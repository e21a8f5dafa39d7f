// The people of a large company: an account, employee record, position and contract for each, with
// the heads first (employee n heads organisation n), then members spread over the 課. Three members
// carry the usernames the demo workflows name as approvers (経理 hayashi, 総務 inoue, takahashi), and
// some members stand in for their 課長 (approval proxies), some of them today.
import { ORG_HEAD_TITLES } from '@portal/shared/codes';
import { DEMO_ADMIN } from '../demo-company.ts';
import type { Db } from '../../db/client.ts';
import { bulkInsert, syncSequence } from './bulk-insert.ts';
import { addDays } from './dates.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';
import type { LargeOrg } from './organisations.ts';
import type { Random } from './random.ts';

/** The usernames the demo workflows' named approver nodes resolve to (demo-workflows.ts). */
export const NAMED_STAFF = ['hayashi', 'inoue', 'takahashi'] as const;

export interface LargePeople {
  /** User id = employee id = n for employee n; the administrator's account comes after them. */
  readonly employees: number;
  /** The first employee who heads nothing; members are the employees from here on. */
  readonly firstMember: number;
  readonly sections: readonly LargeOrg[];
  readonly adminUserId: number;
}

export const usernameOf = (n: number) => `u${String(n).padStart(6, '0')}`;

/** The 課 member n (≥ firstMember) belongs to. */
export function sectionOf(people: LargePeople, n: number): LargeOrg {
  return people.sections[(n - people.firstMember) % people.sections.length]!;
}

export async function insertPeople(
  tx: Db,
  options: {
    employees: number;
    orgs: readonly LargeOrg[];
    passwordHash: string;
    today: string;
    random: Random;
  },
): Promise<LargePeople> {
  const { employees, orgs, passwordHash, today, random } = options;
  const sections = orgs.filter((o) => o.level === '10');
  const people: LargePeople = {
    employees,
    firstMember: orgs.length + 1,
    sections,
    adminUserId: employees + 1,
  };
  if (employees < orgs.length + NAMED_STAFF.length + sections.length)
    throw new Error(`seed:large: ${employees} employees cannot staff ${orgs.length} organisations`);
  const fiscalYearEnd = `${Number(today.slice(5, 7)) >= 4 ? Number(today.slice(0, 4)) + 1 : today.slice(0, 4)}-03-31`;

  const users = [];
  const records = [];
  const positions = [];
  const contracts = [];
  for (let n = 1; n <= employees; n++) {
    const [last, lastKana] = random.pick(LAST_NAMES);
    const [first, firstKana, gender] = random.pick(FIRST_NAMES);
    const member = n - people.firstMember;
    const username = member >= 0 && member < NAMED_STAFF.length ? NAMED_STAFF[member]! : usernameOf(n);
    const joinDate = addDays(today, -random.int(400, 9_000));
    users.push({
      id: n,
      username,
      full_name: `${last} ${first}`,
      email: `${username}@example.jp`,
      password_hash: passwordHash,
    });
    records.push({
      id: n,
      user_id: n,
      code: `E${String(n).padStart(6, '0')}`,
      last_name: last,
      first_name: first,
      last_name_kana: lastKana,
      first_name_kana: firstKana,
      gender,
      birth_date: addDays(joinDate, -random.int(22 * 365, 40 * 365)),
      join_date: joinDate,
      marital_status: random.next() < 0.5 ? '1' : '0',
      email: `${username}@example.jp`,
    });
    const head = n <= orgs.length ? orgs[n - 1]! : null;
    const partTime = !head && random.next() < 0.05;
    positions.push({
      employee_id: n,
      organization_id: head ? head.id : sectionOf(people, n).id,
      title: head ? ORG_HEAD_TITLES[head.level] : '',
      is_part_time: partTime,
      weekly_work_days: partTime ? random.int(3, 4) : null,
    });
    const fixedTerm = !head && random.next() < 0.08;
    contracts.push({ employee_id: n, start_date: joinDate, end_date: fixedTerm ? fiscalYearEnd : null });
  }
  users.push({
    id: people.adminUserId,
    username: DEMO_ADMIN.username,
    full_name: DEMO_ADMIN.fullName,
    email: 'admin@example.jp',
    password_hash: passwordHash,
  });

  await bulkInsert(
    tx,
    'users',
    { id: 'int', username: 'text', full_name: 'text', email: 'text', password_hash: 'text' },
    users,
  );
  await tx.execute(`update users set is_staff = true, is_superuser = true where id = ${people.adminUserId}`);
  await bulkInsert(
    tx,
    'employees',
    {
      id: 'int',
      user_id: 'int',
      code: 'text',
      last_name: 'text',
      first_name: 'text',
      last_name_kana: 'text',
      first_name_kana: 'text',
      gender: 'text',
      birth_date: 'date',
      join_date: 'date',
      marital_status: 'text',
      email: 'text',
    },
    records,
  );
  await bulkInsert(
    tx,
    'positions',
    {
      employee_id: 'int',
      organization_id: 'int',
      title: 'text',
      is_part_time: 'boolean',
      weekly_work_days: 'int',
    },
    positions,
  );
  await bulkInsert(tx, 'contracts', { employee_id: 'int', start_date: 'date', end_date: 'date' }, contracts);
  for (const table of ['users', 'employees']) await syncSequence(tx, table);
  await insertProxies(tx, people, today);
  return people;
}

/**
 * In every third 課 its first member stands in for the 課長: in half of them now (from three days
 * ago to a week ahead), in the other half a month ago.
 */
async function insertProxies(tx: Db, people: LargePeople, today: string): Promise<void> {
  const rows = people.sections
    .map((section, s) => ({ section, s }))
    .filter(({ s }) => s % 3 === 0)
    .map(({ section, s }) => {
      const ago = s % 2 === 0 ? 0 : 33;
      return {
        principal_id: section.id,
        proxy_id: people.firstMember + s,
        start_date: addDays(today, -3 - ago),
        end_date: addDays(today, 7 - ago),
      };
    });
  await bulkInsert(
    tx,
    'approval_proxies',
    { principal_id: 'int', proxy_id: 'int', start_date: 'date', end_date: 'date' },
    rows,
  );
}
