// Issue 12, acceptance 4: the demo company tells one consistent story (support/seed-invariants.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { expectBellsOpenTheirRequests, expectReportsHaveTheirMonth } from './support/seed-invariants.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';
import { cheapDemoHash } from './support/test-password.ts';

let database: TestDatabase;
let db: DatabaseHandle['db'];

beforeAll(async () => {
  database = await openTestDatabase('empty');
  db = database.handle.db;
  // A seeding moment early in a month: the reported month is the previous one, across a year end.
  await seedDemo(db, { passwordHash: await cheapDemoHash(), now: new Date('2027-01-05T00:00:00Z') });
});
afterAll(() => database?.dispose());

describe('the demo seed tells one story', () => {
  it('links every notification to an existing request its reader may open, naming its workflow', async () => {
    await expectBellsOpenTheirRequests(db);
  });

  it('gives every 勤怠報告 the month it reports, as its first version and the month’s draft', async () => {
    expect(await expectReportsHaveTheirMonth(db)).toBeGreaterThanOrEqual(2);
  });
});
