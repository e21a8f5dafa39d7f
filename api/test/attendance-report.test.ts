// A submitted month: who may see it (the employee, the request's approvers and observers,
// employee.view_attendance, employee.view_attendance_org_only for their organisations; else 404),
// HR corrections that keep the previous version, resubmission and withdrawal, and the list behind
// /employee/attendance/{id}.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZAttendanceDetails,
  ZAttendanceEmployeeListItem,
  ZAttendanceReport,
} from '@portal/shared/contracts/attendance';
import { zPage } from '@portal/shared/contracts/pagination';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { organizations } from '../src/db/schema/organizations.ts';
import { nodes } from '../src/db/schema/workflows.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { act, awaiting, tokens, type As } from './support/workflow-fixtures.ts';
import {
  ATTENDANCE_WORKFLOW_ID,
  getMonth,
  setDay,
  upload,
  withDefaultInput,
} from './support/attendance-fixtures.ts';

let t: TestContext;
let as: As;
let yamadaTask: number;
let gotoTask: number;

async function submitMonth(
  username: string,
  year: number,
  month: number,
  change?: (body: ReturnType<typeof withDefaultInput>) => void,
) {
  const body = withDefaultInput(await getMonth(t, as, username, year, month));
  change?.(body);
  const res = await request(t.app)
    .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
    .set(await as(username))
    .send({ ...body, year, month, work_time_file: upload('勤務表.pdf', Buffer.from('%PDF-1.4')) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function get(username: string, path: string) {
  return request(t.app)
    .get(`/api/${path}`)
    .set(await as(username));
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  // An observer node (部長参照) on the 勤怠報告, so the request has an observer: sato for yamada.
  await t.db.insert(nodes).values({
    workflowId: ATTENDANCE_WORKFLOW_ID,
    code: '95',
    name: '部長参照',
    order: 1,
    observerDispatch: '12',
  });
  yamadaTask = await submitMonth('yamada', 2025, 6, (body) => {
    setDay(body, 'first', 2, { end: '22:30' });
  });
  gotoTask = await submitMonth('goto', 2025, 6);
});
afterAll(() => t?.close());

describe('who may see a report', () => {
  const paths = (id: number) => [
    `attendance/tasks/details/${id}/`,
    `attendance/${id}/`,
    `attendance/tasks/details/${id}/file/`,
  ];

  it('the employee, the approver, the observer, employee.view_attendance and a superuser', async () => {
    for (const username of ['yamada', 'suzuki', 'sato', 'hr', 'admin']) {
      for (const path of paths(yamadaTask)) {
        const res = await get(username, path);
        expect(res.status, `${username} ${path}`).toBe(200);
      }
    }
    const details = ZAttendanceDetails.parse(
      (await get('hr', `attendance/tasks/details/${yamadaTask}/`)).body,
    );
    expect(details).toMatchObject({
      task_id: yamadaTask,
      year: 2025,
      month: 6,
      employee: { name: '山田 太郎' },
      basic_attendance_day: 21,
      version: 1,
      latest_version: 1,
      edited_line: null,
      attachment: { name: '勤務表.pdf' },
    });
    expect(details.first.days[1]).toMatchObject({ type: '01', start: '09:00', end: '22:30' });
    expect(details.result.first.days.find((d) => d.date === '2025-06-02')).toMatchObject({
      over: 240,
      night_over: 30,
    });
    const file = await get('hr', `attendance/tasks/details/${yamadaTask}/file/`);
    expect(Buffer.from(file.body.content, 'base64').toString()).toBe('%PDF-1.4');
  });

  it('employee.view_attendance_org_only: their own organisations only; everyone else 404', async () => {
    for (const path of paths(gotoTask)) expect((await get('kato', path)).status, path).toBe(200);
    for (const path of [...paths(yamadaTask), `attendance/tasks/pdf/${yamadaTask}/`]) {
      for (const username of ['kato', 'watanabe', 'tanaka']) {
        const res = await get(username, path);
        expect(res.status, `${username} ${path}`).toBe(404);
        expectJapaneseError(res.body);
      }
    }
  });

  it('a task of another workflow is not an attendance report', async () => {
    expect((await get('admin', 'attendance/tasks/details/1/')).status).toBe(404);
    expect((await get('admin', 'attendance/999999/')).status).toBe(404);
  });
});

describe('HR correction after approval', () => {
  it('is refused before approval (409) and to anyone without the permission (403)', async () => {
    const month = await getMonth(t, as, 'yamada', 2025, 6);
    const body = withDefaultInput(month);
    let res = await request(t.app)
      .put(`/api/attendance/tasks/modify-details/${yamadaTask}/`)
      .set(await as('hr'))
      .send(body);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(ATTENDANCE_MSG.correctionNotAllowed);
    for (const username of ['yamada', 'suzuki']) {
      res = await request(t.app)
        .put(`/api/attendance/tasks/modify-details/${yamadaTask}/`)
        .set(await as(username))
        .send(body);
      expect(res.status, username).toBe(403);
    }
    expect((await get('kato', `attendance/tasks/modify-details/${yamadaTask}/`)).status).toBe(404);
  });

  it('keeps the previous version and records who edited it and when', async () => {
    const node = await awaiting(t, as, yamadaTask, 'yamada');
    expect((await act(t, as, 'suzuki', yamadaTask, node.id)).status).toBe(200);
    expect(await getMonth(t, as, 'yamada', 2025, 6)).toMatchObject({ status: '90', editable: false });

    const form = ZAttendanceDetails.parse(
      (await get('hr', `attendance/tasks/modify-details/${yamadaTask}/`)).body,
    );
    expect(form.can_edit).toBe(true);
    const body = {
      first: { settings: form.first.settings, days: form.first.days.map((d) => ({ ...d })) },
      second: form.second,
      remark: '人事が 6/3 を修正',
    };
    body.first.days[2] = { ...body.first.days[2]!, end: '20:00' };

    const bad = structuredClone(body);
    bad.first.days[4] = { ...bad.first.days[4]!, start: '99:00' };
    let res = await request(t.app)
      .put(`/api/attendance/tasks/modify-details/${yamadaTask}/`)
      .set(await as('hr'))
      .send(bad);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['first.days.5.start']);

    res = await request(t.app)
      .put(`/api/attendance/tasks/modify-details/${yamadaTask}/`)
      .set(await as('hr'))
      .send({ ...body, result: { merged: { totals: { over_time: 1 } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const corrected = ZAttendanceDetails.parse(res.body);
    expect(corrected).toMatchObject({
      version: 2,
      latest_version: 2,
      edited_by: '清水 花子',
      remark: '人事が 6/3 を修正',
    });
    expect(corrected.edited_line).toMatch(/^清水 花子 が \d{4}-\d{2}-\d{2} \d{2}:\d{2} に編集しました$/);
    expect(corrected.result.first.days.find((d) => d.date === '2025-06-03')).toMatchObject({ over: 120 });
    expect(corrected.result.first.totals.over_time).toBe(240 + 120);

    const old = ZAttendanceDetails.parse(
      (await get('yamada', `attendance/tasks/details/${yamadaTask}/?version=1`)).body,
    );
    expect(old).toMatchObject({ version: 1, latest_version: 2, edited_line: null, can_edit: false });
    expect(old.first.days[2]).toMatchObject({ end: '18:00' });
    expect(old.result.first.totals.over_time).toBe(240);

    const seen = ZAttendanceDetails.parse(
      (await get('yamada', `attendance/tasks/details/${yamadaTask}/`)).body,
    );
    expect(seen).toMatchObject({ version: 2, can_edit: false, edited_line: corrected.edited_line });

    const report = ZAttendanceReport.parse((await get('suzuki', `attendance/${yamadaTask}/`)).body);
    expect(report.versions.map((v) => [v.version, v.is_correction, v.editor_name])).toEqual([
      [2, true, '清水 花子'],
      [1, false, '山田 太郎'],
    ]);
    expect(report.versions[1]!.totals.over_time).toBe(240);
    expect((await get('yamada', `attendance/tasks/details/${yamadaTask}/?version=3`)).status).toBe(404);
  });
});

describe('send back, resubmit, withdraw', () => {
  it('a resubmission adds a version; the sent-back one stays with its comment; a withdrawal frees the month', async () => {
    const node = await awaiting(t, as, gotoTask, 'goto');
    expect(
      (await act(t, as, 'kobayashi', gotoTask, node.id, { action: 'send_back', comment: '6/5 を確認' }))
        .status,
    ).toBe(200);
    const month = await getMonth(t, as, 'goto', 2025, 6);
    expect(month).toMatchObject({ status: '02', editable: true, task_id: gotoTask });

    const body = setDay(withDefaultInput(month), 'first', 5, { type: '09', end: '16:00' });
    let res = await request(t.app)
      .post(`/api/task/tasks/${gotoTask}/resubmit/`)
      .set(await as('goto'))
      .send({ ...body, year: 2025, month: 6, file_del: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const details = ZAttendanceDetails.parse(
      (await get('goto', `attendance/tasks/details/${gotoTask}/`)).body,
    );
    // Issue 21: the version the approver sent back is kept beside the resubmission.
    expect(details).toMatchObject({ version: 2, latest_version: 2, attachment: null });
    expect(details.first.days[4]).toMatchObject({ type: '09', end: '16:00' });
    expect(details.result.first.days.find((d) => d.date === '2025-06-05')).toMatchObject({ shortfall: 120 });
    const sentBack = ZAttendanceDetails.parse(
      (await get('kobayashi', `attendance/tasks/details/${gotoTask}/?version=1`)).body,
    );
    expect(sentBack).toMatchObject({ version: 1, latest_version: 2 });
    expect(sentBack.first.days[4]).not.toMatchObject({ type: '09', end: '16:00' });
    const report = ZAttendanceReport.parse((await get('kobayashi', `attendance/${gotoTask}/`)).body);
    expect(
      report.versions.map((v) => [v.version, v.is_correction, v.editor_name, v.send_back_comment]),
    ).toEqual([
      [2, false, '後藤 大樹', null],
      [1, false, '後藤 大樹', '6/5 を確認'],
    ]);
    expect(report.versions[1]!.sent_back_at).not.toBeNull();

    res = await request(t.app)
      .post(`/api/task/tasks/${gotoTask}/withdraw/`)
      .set(await as('goto'))
      .send({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getMonth(t, as, 'goto', 2025, 6)).toMatchObject({
      status: 'draft',
      editable: true,
      task_id: null,
    });
    await submitMonth('goto', 2025, 6);
  });
});

describe('the attendance list (/employee/attendance/{id})', () => {
  const Page = zPage(ZAttendanceEmployeeListItem);

  async function list(username: string, query: string) {
    const res = await get(username, `attendance/employees/?year=2025&month=6${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Page.parse(res.body);
  }

  it('employee.view_attendance sees everyone, with the month status', async () => {
    const page = await list('hr', '&query=山田');
    expect(page.results).toEqual([
      expect.objectContaining({
        employee_name: '山田 太郎',
        org_name: '開発一課',
        status: '90',
        task_id: yamadaTask,
        total_work_time: expect.any(Number),
      }),
    ]);
    const all = await list('hr', '');
    expect(all.count).toBeGreaterThan(30);
    expect(all.results).toHaveLength(10);
    const [dev1] = await t.db.select().from(organizations).where(eq(organizations.name, '開発一課'));
    const dev = await list('hr', `&organization=${dev1!.id}`);
    expect(new Set(dev.results.map((r) => r.org_name))).toEqual(new Set(['開発一課']));
  });

  it('employee.view_attendance_org_only sees their organisations only; others get 403', async () => {
    const page = await list('kato', '');
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((r) => r.org_name === '営業一課')).toBe(true);
    expect(page.results.find((r) => r.employee_name === '後藤 大樹')).toMatchObject({ status: '01' });
    expect((await get('yamada', 'attendance/employees/?year=2025&month=6')).status).toBe(403);
    const bad = await get('hr', 'attendance/employees/?year=abc&month=13');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['month', 'year']);
  });
});
