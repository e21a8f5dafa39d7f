// Access, concurrency and bad input of the task calls (issue #3 acceptance 2–4), and the vacation
// request's balance and overlap checks.
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@portal/shared/limits';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { VACATION_REJECT_REASONS } from '@portal/shared/workflow/codes';
import { encodeUploadString } from '@portal/shared/workflow/upload';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { attachments, taskNodes, tasks } from '../src/db/schema/tasks.ts';
import { paidLeaveGrants, vacations } from '../src/db/schema/vacations.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import {
  act,
  approverNodes,
  awaiting,
  createWorkflow,
  submit,
  tokens,
  userId,
  type As,
} from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

function file(bytes: number, name = '領収書.pdf'): string {
  return encodeUploadString(name, Buffer.alloc(bytes, 1).toString('base64'));
}

async function rowCounts() {
  const [[a], [b], [c], [d], [e]] = await Promise.all([
    t.db.select({ n: count() }).from(tasks),
    t.db.select({ n: count() }).from(taskNodes),
    t.db.select({ n: count() }).from(attachments),
    t.db.select({ n: count() }).from(notifications),
    t.db.select({ n: count() }).from(outbox),
  ]);
  return [a!.n, b!.n, c!.n, d!.n, e!.n];
}

describe('who may see a task', () => {
  it('answers 404 to anyone with no part in it, for the task, its form, nodes and files', async () => {
    const workflowId = await createWorkflow(t, {
      fields: [
        { name: 'title', label: '件名', required: true },
        { name: 'receipt', label: '領収書', dataType: 'file' },
      ],
      nodes: [
        { order: 1, dispatch: '02' },
        { order: 2, dispatch: '01' },
        { order: 1, code: '95', observer: '10' },
      ],
    });
    const created = await submit(t, as, 'yamada', workflowId, { title: '出張', receipt: file(100) });
    const form = await request(t.app)
      .get(`/api/task/tasks/${created.id}/form/`)
      .set(await as('yamada'));
    const attachmentId = form.body.find((f: { name: string }) => f.name === 'receipt').attachment as number;
    expect(form.body.find((f: { name: string }) => f.name === 'receipt').attachment_name).toBe('領収書.pdf');

    const paths = [
      `/api/task/tasks/${created.id}/`,
      `/api/task/tasks/${created.id}/form/`,
      `/api/task/tasks/${created.id}/nodes/`,
      `/api/task/tasks/${created.id}/undo-info/`,
      `/api/attachment/${attachmentId}/download/`,
    ];
    for (const path of paths) {
      const outsider = await request(t.app)
        .get(path)
        .set(await as('kato'));
      expect(outsider.status, path).toBe(404);
      expectJapaneseError(outsider.body);
      for (const insider of ['yamada', 'suzuki', 'sato']) {
        expect(
          (
            await request(t.app)
              .get(path)
              .set(await as(insider))
          ).status,
          `${insider} ${path}`,
        ).toBe(200);
      }
    }
    const download = await request(t.app)
      .get(`/api/attachment/${attachmentId}/download/`)
      .set(await as('suzuki'));
    expect(download.body).toMatchObject({ name: '領収書.pdf', content_type: 'application/pdf', size: 100 });
    expect(Buffer.from(download.body.content, 'base64')).toEqual(Buffer.alloc(100, 1));

    const node = await awaiting(t, as, created.id, 'yamada');
    const outsiderActs = await act(t, as, 'kato', created.id, node.id);
    expect(outsiderActs.status).toBe(404);
    const laterApprover = await act(t, as, 'sato', created.id, node.id);
    expect(laterApprover.status).toBe(403);
    expect(laterApprover.body.detail).toBe(WORKFLOW_MSG.nodeNotAwaitingYou);
    const applicant = await act(t, as, 'yamada', created.id, node.id);
    expect(applicant.status).toBe(403);
  });

  it('answers 404 for unknown ids', async () => {
    const auth = await as('yamada');
    for (const path of [
      '/api/task/tasks/999999/',
      '/api/task/tasks/abc/',
      '/api/task/workflows/999999/form/',
      '/api/attachment/999999/download/',
    ])
      expect((await request(t.app).get(path).set(auth)).status, path).toBe(404);
    expect((await request(t.app).post('/api/task/workflows/999999/form/').set(auth).send({})).status).toBe(
      404,
    );
    const workflowId = await createWorkflow(t, { nodes: [{ order: 1, dispatch: '02' }] });
    const created = await submit(t, as, 'yamada', workflowId);
    expect((await act(t, as, 'suzuki', created.id, 999999)).status).toBe(404);
  });
});

describe('simultaneous approvals', () => {
  it('lets exactly one of 20 win; the others get 409 and one next node starts', async () => {
    const workflowId = await createWorkflow(t, {
      nodes: [
        { order: 1, dispatch: '02' },
        { order: 2, dispatch: '01' },
      ],
    });
    const created = await submit(t, as, 'yamada', workflowId);
    const node = await awaiting(t, as, created.id, 'yamada');
    const auth = await as('suzuki');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app)
          .post(`/api/task/tasks/${created.id}/nodes/${node.id}/approval/`)
          .set(auth)
          .send({ action: 'approve' }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const conflict = responses.find((r) => r.status === 409)!;
    expect(conflict.body).toEqual({ detail: WORKFLOW_MSG.nodeNotAwaitingYou, code: 'conflict' });
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual(['90', '01']);
    const events = await t.db.select().from(outbox);
    expect(events.filter((e) => e.payload.task_id === created.id && e.topic === 'task.approve')).toHaveLength(
      1,
    );
  });
});

describe('bad input', () => {
  const ALL_TYPES = [
    { name: 'count', label: '数量', dataType: 'integer' as const },
    { name: 'hours', label: '時間', dataType: 'decimal' as const },
    { name: 'day', label: '日付', dataType: 'date' as const },
    { name: 'at', label: '時刻', dataType: 'time' as const },
    { name: 'kind', label: '種別', dataType: 'choice' as const, choices: ['a', 'b'] },
    { name: 'doc', label: '資料', dataType: 'file' as const, required: true },
    { name: 'memo', label: '備考', dataType: 'text' as const, maxLength: 5 },
    { name: 'flag', label: '確認', dataType: 'boolean' as const },
    { name: 'people', label: '関係者', dataType: 'autocomplete' as const, multiple: true },
    { name: 'title', label: '件名', dataType: 'string' as const, maxLength: 3, required: true },
  ];

  it('answers every bad value with its Japanese field message and writes nothing', async () => {
    const workflowId = await createWorkflow(t, { fields: ALL_TYPES, nodes: [{ order: 1, dispatch: '02' }] });
    const before = await rowCounts();
    const res = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamada'))
      .send({
        count: '1.5',
        hours: 0.25,
        day: '2025-13-01',
        at: '09:07',
        kind: 'z',
        doc: '',
        memo: '長すぎる備考です',
        flag: 'maybe',
        people: 'someone',
        title: '長い件名',
      });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      count: ['数量 は整数で入力してください。'],
      hours: ['時間 は 0.1 単位で入力してください。'],
      day: ['日付 は YYYY-MM-DD 形式の正しい日付で入力してください。'],
      at: ['時刻 は 15 分単位で入力してください。'],
      kind: ['種別 は選択肢の中から選んでください。'],
      doc: ['ファイルを選択してください。'],
      memo: ['備考 は 5 文字以内で入力してください。'],
      flag: ['確認 は はい または いいえ で指定してください。'],
      people: ['関係者 の形式が正しくありません。'],
      title: ['件名 は 3 文字以内で入力してください。'],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a file of 2,097,153 bytes with the 2048KB limit and keeps one of 2,097,152', async () => {
    const workflowId = await createWorkflow(t, {
      fields: [{ name: 'doc', label: '資料', dataType: 'file', required: true }],
      nodes: [{ order: 1, dispatch: '02' }],
    });
    const before = await rowCounts();
    const big = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamada'))
      .send({ doc: file(MAX_UPLOAD_BYTES + 1) });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ doc: ['資料 のサイズは 2048KB 以下にしてください。'] });
    expect(await rowCounts()).toEqual(before);
    const fits = await submit(t, as, 'yamada', workflowId, { doc: file(MAX_UPLOAD_BYTES, 'big.xlsx') });
    const [stored] = await t.db
      .select({ size: attachments.size })
      .from(attachments)
      .where(eq(attachments.taskId, fits.id));
    expect(stored!.size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a workflow whose approver cannot be resolved, writing nothing', async () => {
    const workflowId = await createWorkflow(t, { nodes: [{ order: 1, dispatch: '01' }] });
    const before = await rowCounts();
    const res = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('ito'))
      .send({ title: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: [WORKFLOW_MSG.noApprover] });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('vacation requests', () => {
  const FIELDS = [
    {
      name: 'category',
      label: '休暇種別',
      dataType: 'choice' as const,
      choices: ['01', '02'],
      required: true,
    },
    { name: 'start_date', label: '開始日', dataType: 'date' as const, required: true },
    { name: 'end_date', label: '終了日', dataType: 'date' as const, required: true },
    { name: 'is_start_half', label: '午後から', dataType: 'boolean' as const },
    { name: 'is_end_half', label: '午前まで', dataType: 'boolean' as const },
  ];
  let workflowId: number;
  let employeeId: number;

  beforeAll(async () => {
    workflowId = await createWorkflow(t, {
      name: '休暇申請',
      kind: 'vacation',
      fields: FIELDS,
      nodes: [{ order: 1, dispatch: '02' }],
    });
    const [employee] = await t.db
      .select()
      .from(employees)
      .where(eq(employees.userId, await userId(t, 'yamashita')));
    employeeId = employee!.id;
    await t.db
      .insert(paidLeaveGrants)
      .values({ employeeId, grantedOn: '2000-04-01', expiresOn: '2999-04-01', days: 10 });
  });

  const leave = (start: string, end: string, category = '01') => ({
    category,
    start_date: start,
    end_date: end,
  });

  it('refuses an end before the start, an overlap and more paid leave than is left', async () => {
    const first = await submit(t, as, 'yamashita', workflowId, leave('2030-04-08', '2030-04-12'));
    expect(first.workflow_kind).toBe('vacation');

    const reversed = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamashita'))
      .send(leave('2030-05-10', '2030-05-09'));
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual({ end_date: ['終了日 は 開始日 以降の日付にしてください。'] });

    const overlap = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamashita'))
      .send(leave('2030-04-12', '2030-04-15', '02'));
    expect(overlap.status).toBe(400);
    expect(overlap.body).toEqual({
      non_field_errors: [WORKFLOW_MSG.vacationOverlap('2030-04-08', '2030-04-12')],
    });

    const tooLong = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamashita'))
      .send(leave('2030-06-03', '2030-06-12'));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ non_field_errors: [WORKFLOW_MSG.paidLeaveShort(5, 8)] });
  });

  it('enters the leave history on approval and gives the days back when cancelled', async () => {
    const created = await submit(t, as, 'yamashita', workflowId, leave('2030-07-01', '2030-07-02'));
    const node = await awaiting(t, as, created.id, 'yamashita');
    expect((await act(t, as, 'tanaka', created.id, node.id)).status).toBe(200);
    const history = await t.db.select().from(vacations).where(eq(vacations.taskId, created.id));
    expect(history).toMatchObject([
      { employeeId, category: '01', startDate: '2030-07-01', endDate: '2030-07-02', days: 2 },
    ]);

    const [employee] = await t.db.select().from(employees).where(eq(employees.id, employeeId));
    const path = `/api/employees/${employee!.code}/vacations/year/2030/month/7/`;
    const own = await request(t.app)
      .get(path)
      .set(await as('yamashita'));
    expect(own.body).toEqual([
      expect.objectContaining({
        category: '01',
        category_name: '有給休暇',
        start_date: '2030-07-01',
        days: 2,
        task_id: created.id,
      }),
    ]);
    expect(
      (
        await request(t.app)
          .get(path)
          .set(await as('hr'))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app)
          .get(path)
          .set(await as('kato'))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get(path.replace('/7/', '/8/'))
          .set(await as('yamashita'))
      ).body,
    ).toEqual([]);
    const balance = await request(t.app)
      .get('/api/paid-vacation/status/')
      .set(await as('yamashita'));
    expect(balance.body).toMatchObject({ granted: 10, used: 2, pending: 5, remaining: 3 });

    const overlap = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamashita'))
      .send(leave('2030-07-02', '2030-07-02', '02'));
    expect(overlap.body).toEqual({
      non_field_errors: [WORKFLOW_MSG.vacationOverlap('2030-07-01', '2030-07-02')],
    });

    const cancel = await request(t.app)
      .post('/api/task/tasks/undo/vacation/')
      .set(await as('yamashita'))
      .send({ task_id: created.id });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.status).toBe('99');
    expect(await t.db.select().from(vacations).where(eq(vacations.taskId, created.id))).toEqual([]);
    const again = await request(t.app)
      .post('/api/task/tasks/undo/vacation/')
      .set(await as('yamashita'))
      .send({ task_id: created.id });
    expect(again.status).toBe(409);
  });

  it.each(VACATION_REJECT_REASONS.map((r) => [r.value, r.label]))(
    'rejects with the fixed reason %s and stores its sentence',
    async (code, sentence) => {
      const day = `2031-0${Number(code) + 1}-03`;
      const created = await submit(t, as, 'yamashita', workflowId, leave(day, day, '02'));
      const node = await awaiting(t, as, created.id, 'yamashita');
      const free = await act(t, as, 'tanaka', created.id, node.id, { action: 'reject', reason: '気分で' });
      expect(free.status).toBe(400);
      expect(free.body).toEqual({ reason: ['却下理由 は選択肢の中から選んでください。'] });
      const res = await act(t, as, 'tanaka', created.id, node.id, { action: 'reject', reason: code });
      expect(res.status).toBe(200);
      const [rejected] = await approverNodes(t, as, 'yamashita', created.id);
      expect(rejected).toMatchObject({ status: '10', reason: sentence });
    },
  );
});
