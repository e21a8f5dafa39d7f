// Issue 12, item 3: separation of duties. A holder of employee.change_attendance may not correct
// their own approved report; another holder may.
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAttendanceDetails } from '@portal/shared/contracts/attendance';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { tasks } from '../src/db/schema/tasks.ts';
import { permissions, userPermissions } from '../src/db/schema/users.ts';
import { ATTENDANCE_WORKFLOW_ID, getMonth, upload, withDefaultInput } from './support/attendance-fixtures.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let hrTask: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  // tanaka becomes a second HR holder: may see every report and correct approved ones.
  const granted = await t.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.codename, [PERM.changeAttendance, PERM.viewAttendance]));
  const tanaka = await userId(t, 'tanaka');
  await t.db.insert(userPermissions).values(granted.map((p) => ({ userId: tanaka, permissionId: p.id })));
  const body = withDefaultInput(await getMonth(t, as, 'hr', 2025, 6));
  const res = await request(t.app)
    .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
    .set(await as('hr'))
    .send({ ...body, year: 2025, month: 6, work_time_file: upload('勤務表.pdf', Buffer.from('%PDF-1.4')) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  hrTask = res.body.id as number;
  await t.db.update(tasks).set({ status: '90' }).where(eq(tasks.id, hrTask));
});
afterAll(() => t?.close());

describe('correcting one’s own attendance (item 3)', () => {
  it('refuses the HR holder their own approved report with 403 in Japanese', async () => {
    const hr = await as('hr');
    const form = await request(t.app).get(`/api/attendance/tasks/details/${hrTask}/`).set(hr);
    expect(ZAttendanceDetails.parse(form.body).can_edit).toBe(false);
    const body = withDefaultInput(await getMonth(t, as, 'hr', 2025, 6));
    const res = await request(t.app)
      .put(`/api/attendance/tasks/modify-details/${hrTask}/`)
      .set(hr)
      .send({ first: body.first, second: body.second, remark: '自分で修正' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(ATTENDANCE_MSG.ownCorrection);
    expectJapaneseError(res.body);
  });

  it('lets another HR holder correct it', async () => {
    const tanaka = await as('tanaka');
    const form = ZAttendanceDetails.parse(
      (await request(t.app).get(`/api/attendance/tasks/modify-details/${hrTask}/`).set(tanaka)).body,
    );
    expect(form.can_edit).toBe(true);
    const res = await request(t.app)
      .put(`/api/attendance/tasks/modify-details/${hrTask}/`)
      .set(tanaka)
      .send({ first: form.first, second: form.second, remark: '人事が修正' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZAttendanceDetails.parse(res.body)).toMatchObject({ version: 2, edited_by: '田中 直樹' });
  });
});
