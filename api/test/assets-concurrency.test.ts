// Twenty approvals racing for the last unit of a type (issue 31): the unit is taken with FOR UPDATE
// SKIP LOCKED inside each approving transaction, so exactly one lends it and the others are refused
// (409) with nothing half-written. Also run on PostgreSQL (vitest.pg.config.ts), where the approvals
// really run in parallel.
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask } from '@portal/shared/contracts/tasks';
import { ASSET_MSG } from '@portal/shared/workflow/assets';
import { assetLendings, assets, assetTypes } from '../src/db/schema/assets.ts';
import { taskNodes, tasks } from '../src/db/schema/tasks.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { approverNodes, createWorkflow, tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let workflowId: number;
let typeId: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  workflowId = await createWorkflow(t, {
    kind: 'asset_lend',
    fields: [
      { name: 'assets_type', label: '資材種別', dataType: 'integer', required: true },
      { name: 'expiration_date', label: '有効期間（か月）', dataType: 'integer' },
      { name: 'software', label: 'ソフトウェア', maxLength: 500 },
      { name: 'software_id', label: 'ソフトウェアID', maxLength: 200 },
      { name: 'asset_id', label: '管理番号', maxLength: 50 },
    ],
    nodes: [{ order: 1, approvers: ['inoue'] }],
  });
  const [type] = await t.db
    .insert(assetTypes)
    .values({ name: '最後の一台', validityPeriod: 12 })
    .returning({ id: assetTypes.id });
  typeId = type!.id;
  await t.db.insert(assets).values({ assetId: 'LAST-001', assetTypeId: typeId });
});
afterAll(() => t?.close());

describe('approvals racing for the last unit', () => {
  it('lends it once; the other nineteen get 409 and stay awaiting approval', async () => {
    const auth = await as('yamada');
    const taskIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await request(t.app)
        .post(`/api/task/workflows/${workflowId}/form/`)
        .set(auth)
        .send({ assets_type: typeId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      taskIds.push((res.body as TTask).id);
    }
    const nodeIds = new Map<number, number>();
    for (const id of taskIds) nodeIds.set(id, (await approverNodes(t, as, 'yamada', id))[0]!.id);
    const approver = await as('inoue');
    const responses = await Promise.all(
      taskIds.map((id) =>
        request(t.app)
          .post(`/api/task/tasks/${id}/nodes/${nodeIds.get(id)}/approval/`)
          .set(approver)
          .send({ action: 'approve' }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.body.detail).toBe(ASSET_MSG.outOfStock);

    const winner = taskIds[statuses.indexOf(200)]!;
    const lendings = await t.db.select().from(assetLendings).where(inArray(assetLendings.taskId, taskIds));
    expect(lendings.map((l) => l.taskId)).toEqual([winner]);
    const [unit] = await t.db.select().from(assets).where(eq(assets.assetId, 'LAST-001'));
    expect(unit!.status).toBe('lent');
    const rows = await t.db.select().from(tasks).where(inArray(tasks.id, taskIds));
    for (const row of rows) {
      if (row.id === winner) expect(row).toMatchObject({ status: '90', values: { asset_id: 'LAST-001' } });
      else expect(row).toMatchObject({ status: '01', values: { asset_id: '' } });
    }
    const nodes = await t.db.select().from(taskNodes).where(inArray(taskNodes.taskId, taskIds));
    expect(nodes.filter((n) => n.status === '90').map((n) => n.taskId)).toEqual([winner]);
  });
});
