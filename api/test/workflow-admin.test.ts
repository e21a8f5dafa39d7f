import { inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPage } from '@portal/shared/contracts/pagination';
import { ZProxy } from '@portal/shared/contracts/proxies';
import { ZNode, ZWorkflow, ZWorkflowSummary } from '@portal/shared/contracts/workflows';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { permissions, userPermissions } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { submit, tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const viewPerms = await t.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.codename, [PERM.viewWorkflow, PERM.viewNode]));
  const sato = await userId(t, 'sato');
  await t.db.insert(userPermissions).values(viewPerms.map((p) => ({ userId: sato, permissionId: p.id })));
});
afterAll(() => t?.close());

const WORKFLOW = {
  name: '出張申請',
  category: '総務',
  description: '国内出張の事前申請',
  fields: [
    { name: 'destination', label: '行き先', order: 1, is_required: true, max_length: 50 },
    { name: 'days', label: '日数', order: 2, data_type: 'decimal', step: 0.5 },
    { name: 'kind', label: '区分', order: 2, data_type: 'choice', choices: [{ value: 'a', text: '日帰り' }] },
  ],
};

describe('workflow administration', () => {
  it('creates, reads, changes and deletes a workflow with its form and nodes', async () => {
    const admin = await as('admin');
    const created = await request(t.app).post('/api/workflow/workflows/').set(admin).send(WORKFLOW);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const workflow = ZWorkflow.parse(created.body);
    expect(workflow.fields.map((f) => [f.name, f.data_type, f.order])).toEqual([
      ['destination', 'string', 1],
      ['days', 'decimal', 2],
      ['kind', 'choice', 2],
    ]);

    const node = await request(t.app)
      .post('/api/workflow/nodes/')
      .set(admin)
      .send({ workflow_id: workflow.id, code: '01', name: '課長承認', order: 1, node_dispatch: '02' });
    expect(node.status, JSON.stringify(node.body)).toBe(201);
    const observer = await request(t.app)
      .post('/api/workflow/nodes/')
      .set(admin)
      .send({
        workflow_id: workflow.id,
        code: '95',
        name: '総務参照',
        order: 1,
        observer_dispatch: '12',
        approver_ids: [await userId(t, 'inoue')],
      });
    expect(ZNode.parse(observer.body)).toMatchObject({
      is_observer: true,
      approvers: [{ id: await userId(t, 'inoue') }],
    });
    const nodes = await request(t.app)
      .get(`/api/workflow/workflows/${workflow.id}/nodes/`)
      .set(await as('sato'));
    expect(nodes.body.map((n: { code: string }) => n.code)).toEqual(['01', '95']);

    const list = zPage(ZWorkflowSummary).parse(
      (
        await request(t.app)
          .get('/api/workflow/workflows/?query=出張')
          .set(await as('sato'))
      ).body,
    );
    expect(list.results).toEqual([
      expect.objectContaining({ id: workflow.id, field_count: 3, node_count: 2 }),
    ]);

    const changed = await request(t.app)
      .put(`/api/workflow/workflows/${workflow.id}/`)
      .set(admin)
      .send({ ...WORKFLOW, fields: [WORKFLOW.fields[0]] });
    expect(changed.status).toBe(200);
    expect(changed.body.fields).toHaveLength(1);
    const patched = await request(t.app)
      .patch(`/api/workflow/workflows/${workflow.id}/`)
      .set(admin)
      .send({ is_active: false });
    expect(patched.body.is_active).toBe(false);
    expect((await request(t.app).get(`/api/task/workflows/${workflow.id}/form/`).set(admin)).status).toBe(
      404,
    );

    const choices = await request(t.app)
      .get('/api/workflow/forms/choice/')
      .set(await as('sato'));
    expect(choices.body).toContainEqual({ value: workflow.id, text: '出張申請' });
    const nodeChoices = await request(t.app)
      .get(`/api/workflow/nodes/choice/?workflow=${workflow.id}`)
      .set(await as('sato'));
    expect(nodeChoices.body.map((c: { text: string }) => c.text).sort()).toEqual(
      ['総務参照', '課長承認'].sort(),
    );

    expect((await request(t.app).delete(`/api/workflow/nodes/${observer.body.id}/`).set(admin)).status).toBe(
      204,
    );
    expect((await request(t.app).delete(`/api/workflow/workflows/${workflow.id}/`).set(admin)).status).toBe(
      204,
    );
    expect((await request(t.app).get(`/api/workflow/workflows/${workflow.id}/`).set(admin)).status).toBe(404);
  });

  it('answers 403 without the permission, even to a bad body', async () => {
    const yamada = await as('yamada');
    const sato = await as('sato');
    const calls: [string, PromiseLike<request.Response>][] = [
      ['get /api/workflow/workflows/', request(t.app).get('/api/workflow/workflows/').set(yamada)],
      ['get /api/workflow/nodes/', request(t.app).get('/api/workflow/nodes/').set(yamada)],
      ['get /api/workflow/forms/choice/', request(t.app).get('/api/workflow/forms/choice/').set(yamada)],
      ['get /api/workflow/nodes/choice/', request(t.app).get('/api/workflow/nodes/choice/').set(yamada)],
      ['post /api/workflow/workflows/', request(t.app).post('/api/workflow/workflows/').set(sato).send({})],
      [
        'put /api/workflow/workflows/1/',
        request(t.app).put('/api/workflow/workflows/1/').set(sato).send(WORKFLOW),
      ],
      [
        'patch /api/workflow/workflows/1/',
        request(t.app).patch('/api/workflow/workflows/1/').set(sato).send({ name: 'x' }),
      ],
      ['delete /api/workflow/workflows/1/', request(t.app).delete('/api/workflow/workflows/1/').set(sato)],
      ['post /api/workflow/nodes/', request(t.app).post('/api/workflow/nodes/').set(sato).send({})],
      ['put /api/workflow/nodes/1/', request(t.app).put('/api/workflow/nodes/1/').set(sato).send({})],
      ['delete /api/workflow/nodes/1/', request(t.app).delete('/api/workflow/nodes/1/').set(sato)],
    ];
    for (const [name, call] of calls) {
      const res = await call;
      expect(res.status, name).toBe(403);
      expectJapaneseError(res.body);
    }
  });

  it('refuses bad definitions with field messages and deleting a workflow that has tasks', async () => {
    const admin = await as('admin');
    const bad = await request(t.app)
      .post('/api/workflow/workflows/')
      .set(admin)
      .send({ name: '', fields: [{ name: 'Bad Name', label: 'x', order: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toEqual(['名称 は必須項目です。']);
    expect(bad.body['fields.0.name']).toHaveLength(1);
    const badNode = await request(t.app)
      .post('/api/workflow/nodes/')
      .set(admin)
      .send({ workflow_id: 999999, code: '01', name: 'x', order: 1, node_dispatch: '02' });
    expect(badNode.status).toBe(400);
    expect(badNode.body.workflow_id).toHaveLength(1);

    const created = ZWorkflow.parse(
      (await request(t.app).post('/api/workflow/workflows/').set(admin).send(WORKFLOW)).body,
    );
    await request(t.app)
      .post('/api/workflow/nodes/')
      .set(admin)
      .send({ workflow_id: created.id, code: '01', name: '課長承認', order: 1, node_dispatch: '02' });
    await submit(t, as, 'yamada', created.id, { destination: '大阪' });
    const refused = await request(t.app).delete(`/api/workflow/workflows/${created.id}/`).set(admin);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(WORKFLOW_MSG.workflowInUse);
  });
});

describe('approval proxies', () => {
  it('lets a principal manage their proxies; the proxy reads them; others get 404', async () => {
    const suzuki = await as('suzuki');
    const body = { proxy_id: await userId(t, 'yamaguchi'), start_date: '2030-01-01', end_date: '2030-01-31' };
    const created = await request(t.app).post('/api/account/proxies/').set(suzuki).send(body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const proxy = ZProxy.parse(created.body);
    expect(proxy).toMatchObject({ is_active: false, is_mine_as_proxy: false });
    expect(proxy.proxy_name).toMatch(/^山口/);

    const overlap = await request(t.app)
      .post('/api/account/proxies/')
      .set(suzuki)
      .send({ ...body, start_date: '2030-01-31', end_date: '2030-02-05' });
    expect(overlap.body).toEqual({ non_field_errors: [WORKFLOW_MSG.proxyOverlap] });
    const self = await request(t.app)
      .post('/api/account/proxies/')
      .set(suzuki)
      .send({ ...body, proxy_id: await userId(t, 'suzuki') });
    expect(self.body).toEqual({ proxy_id: [WORKFLOW_MSG.proxySelf] });
    const reversed = await request(t.app)
      .post('/api/account/proxies/')
      .set(suzuki)
      .send({ ...body, start_date: '2030-03-02', end_date: '2030-03-01' });
    expect(reversed.body).toEqual({ end_date: ['終了日 は 開始日 以降の日付にしてください。'] });

    const asProxy = await request(t.app)
      .get(`/api/account/proxies/${proxy.id}/`)
      .set(await as('yamaguchi'));
    expect(asProxy.body.is_mine_as_proxy).toBe(true);
    expect(
      (
        await request(t.app)
          .delete(`/api/account/proxies/${proxy.id}/`)
          .set(await as('yamaguchi'))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`/api/account/proxies/${proxy.id}/`)
          .set(await as('kato'))
      ).status,
    ).toBe(404);

    const moved = await request(t.app)
      .put(`/api/account/proxies/${proxy.id}/`)
      .set(suzuki)
      .send({ ...body, end_date: '2030-02-10' });
    expect(moved.body.end_date).toBe('2030-02-10');
    const list = await request(t.app).get('/api/account/proxies/').set(suzuki);
    expect(list.body.count).toBe(1);
    expect((await request(t.app).delete(`/api/account/proxies/${proxy.id}/`).set(suzuki)).status).toBe(204);
  });

  it('offers approvers by name', async () => {
    const res = await request(t.app)
      .get('/api/approvers/choice/?query=鈴木')
      .set(await as('yamada'));
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ value: await userId(t, 'suzuki') }));
    expect(res.body.every((c: { text: string }) => c.text.startsWith('鈴木'))).toBe(true);
  });
});
