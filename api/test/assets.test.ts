// Asset lending and purchase (issue 31): the types the form offers, submitting against the masters,
// approving a lending (the oldest unit in stock, its seats), taking it back and 返却, a purchase
// received and lent to its applicant, who reads which lending, and the console's guarded writes.
import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssetTypeOption } from '@portal/shared/contracts/assets';
import type { TTask } from '@portal/shared/contracts/tasks';
import { ASSET_MSG } from '@portal/shared/workflow/assets';
import { adminAuditLog } from '../src/db/schema/admin.ts';
import { assetLendings, assets, assetTypes, softwareSeats } from '../src/db/schema/assets.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { tasks } from '../src/db/schema/tasks.ts';
import { kindHooks } from '../src/modules/tasks/workflow-kinds.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import {
  act,
  approverNodes,
  createWorkflow,
  tokens,
  userId,
  type As,
  type FieldSpec,
} from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let lendWorkflow: number;
let purchaseWorkflow: number;
let types: Map<string, TAssetTypeOption>;

const LEND_FIELDS: FieldSpec[] = [
  { name: 'assets_type', label: '資材種別', dataType: 'integer', required: true },
  { name: 'expiration_date', label: '有効期間（か月）', dataType: 'integer' },
  { name: 'software', label: 'ソフトウェア', maxLength: 500 },
  { name: 'software_id', label: 'ソフトウェアID', maxLength: 200 },
  { name: 'asset_id', label: '管理番号', maxLength: 50 },
  { name: 'reason', label: '理由', dataType: 'text', required: true },
];

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  // One step, 総務 (inoue): approving it finishes the request.
  lendWorkflow = await createWorkflow(t, {
    kind: 'asset_lend',
    fields: LEND_FIELDS,
    nodes: [{ order: 1, approvers: ['inoue'] }],
  });
  purchaseWorkflow = await createWorkflow(t, {
    kind: 'asset_purchase',
    fields: [
      { name: 'item', label: '品名', required: true, maxLength: 100 },
      { name: 'quantity', label: '数量', dataType: 'integer', required: true },
      { name: 'unit_price', label: '単価（円）', dataType: 'integer', required: true },
      { name: 'reason', label: '理由', dataType: 'text', required: true },
      { name: 'assets_type', label: '資材種別', dataType: 'integer' },
      { name: 'software', label: 'ソフトウェア', maxLength: 500 },
      { name: 'software_id', label: 'ソフトウェアID', maxLength: 200 },
    ],
    nodes: [{ order: 1, approvers: ['inoue'] }],
  });
  const res = await request(t.app)
    .get('/api/assets/assets-type/')
    .set(await as('yamada'));
  types = new Map((res.body as TAssetTypeOption[]).map((type) => [type.name, type]));
});
afterAll(() => t?.close());

async function lend(username: string, body: Record<string, unknown>) {
  return request(t.app)
    .post(`/api/task/workflows/${lendWorkflow}/form/`)
    .set(await as(username))
    .send({ reason: '業務で使うため', ...body });
}

async function approve(taskId: number, applicant: string) {
  const [node] = await approverNodes(t, as, applicant, taskId);
  return act(t, as, 'inoue', taskId, node!.id);
}

const softwareIds = (type: TAssetTypeOption, ...names: string[]) =>
  type.software_list.filter((s) => names.includes(s.software_name)).map((s) => s.software_id);

async function unitsOf(typeName: string) {
  return t.db
    .select({ id: assets.id, code: assets.assetId, status: assets.status })
    .from(assets)
    .innerJoin(assetTypes, eq(assetTypes.id, assets.assetTypeId))
    .where(eq(assetTypes.name, typeName))
    .orderBy(assets.id);
}

describe('GET assets/assets-type/', () => {
  it('answers the active types with their months, stock, hardware and software', async () => {
    const res = await request(t.app)
      .get('/api/assets/assets-type/')
      .set(await as('yamada'));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect(types.get('ノートPC')).toEqual({
      id: expect.any(Number),
      name: 'ノートPC',
      validity_period: 24,
      inventory: true,
      hardware_information: 'Core i7 / メモリ 16GB / SSD 512GB / 14 インチ',
      software_list: [
        { software_id: expect.any(Number), software_name: 'Microsoft 365', software_validity_period: 12 },
        { software_id: expect.any(Number), software_name: 'Adobe Acrobat Pro', software_validity_period: 12 },
        { software_id: expect.any(Number), software_name: 'ウイルス対策ソフト', software_validity_period: 0 },
      ],
    });
    expect(types.get('モニター')).toMatchObject({ validity_period: 0, inventory: true, software_list: [] });
    expect(types.get('携帯電話')).toMatchObject({ inventory: false });
  });
});

describe('submitting a lending', () => {
  it('refuses an unknown type and software of another type with a Japanese message under the field', async () => {
    const unknown = await lend('yamada', { assets_type: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ assets_type: [ASSET_MSG.unknownType] });
    const pc = types.get('ノートPC')!;
    const tablet = types.get('タブレット')!;
    const foreign = await lend('yamada', {
      assets_type: tablet.id,
      software_id: softwareIds(pc, 'Adobe Acrobat Pro').join(','),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ software_id: [ASSET_MSG.foreignSoftware] });
    const missing = await lend('yamada', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ assets_type: ['資材種別 は必須項目です。'] });
  });

  it('replaces a forged expiration_date, software and asset_id with the masters’', async () => {
    const pc = types.get('ノートPC')!;
    const res = await lend('yamada', {
      assets_type: pc.id,
      expiration_date: 60,
      software: '偽のソフト',
      software_id: softwareIds(pc, 'Microsoft 365', 'Adobe Acrobat Pro').join(','),
      asset_id: 'PC-001',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, (res.body as TTask).id));
    expect(row!.values).toMatchObject({
      assets_type: pc.id,
      expiration_date: 24,
      software: 'Microsoft 365,Adobe Acrobat Pro',
      software_id: softwareIds(pc, 'Microsoft 365', 'Adobe Acrobat Pro').join(','),
      asset_id: '',
    });
  });
});

describe('the approval card of a lending', () => {
  it('shows the request as the read-only view does: the type with its months, no ids', async () => {
    const pc = types.get('ノートPC')!;
    const submitted = await lend('yamada', {
      assets_type: pc.id,
      software_id: softwareIds(pc, 'Microsoft 365').join(','),
    });
    const [row] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, (submitted.body as TTask).id));
    const sections = await kindHooks('asset_lend').cardSections!(t.db, row!);
    expect(sections).toEqual([
      {
        rows: [
          { label: '資材種別', value: 'ノートPC（24 か月）' },
          { label: 'ソフトウェア', value: 'Microsoft 365' },
          { label: '理由', value: '業務で使うため' },
        ],
      },
    ]);
  });
});

describe('approving a lending', () => {
  let taskId: number;
  let lentCode: string;

  it('lends the oldest unit in stock, writes its 管理番号 into the request and takes the seats', async () => {
    const pc = types.get('ノートPC')!;
    const oldest = (await unitsOf('ノートPC')).find((u) => u.status === 'stock')!;
    const submitted = await lend('yamada', {
      assets_type: pc.id,
      software_id: softwareIds(pc, 'Microsoft 365', 'ウイルス対策ソフト').join(','),
    });
    taskId = (submitted.body as TTask).id;
    const approved = await approve(taskId, 'yamada');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const unit = (await unitsOf('ノートPC')).find((u) => u.id === oldest.id)!;
    expect(unit.status).toBe('lent');
    lentCode = unit.code;
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ status: '90', values: expect.objectContaining({ asset_id: lentCode }) });
    const [lending] = await t.db.select().from(assetLendings).where(eq(assetLendings.taskId, taskId));
    expect(lending).toMatchObject({
      assetId: oldest.id,
      userId: await userId(t, 'yamada'),
      returnedOn: null,
    });
    const seats = await t.db.select().from(softwareSeats).where(eq(softwareSeats.lendingId, lending!.id));
    expect(seats.map((s) => s.softwareId).sort()).toEqual(
      softwareIds(pc, 'Microsoft 365', 'ウイルス対策ソフト').sort(),
    );

    const mine = await request(t.app)
      .get('/api/assets/lend/')
      .set(await as('yamada'));
    expect(mine.status).toBe(200);
    expect(mine.body.results).toContainEqual(
      expect.objectContaining({
        asset_id: lentCode,
        asset_type: { id: pc.id, name: 'ノートPC' },
        software: ['Microsoft 365', 'ウイルス対策ソフト'],
        status: 'lent',
        returned_on: null,
      }),
    );
  });

  it('shows a lending to its holder and to assets.view_asset, and is 404 to anyone else', async () => {
    const [lending] = await t.db.select().from(assetLendings).where(eq(assetLendings.taskId, taskId));
    const path = `/api/assets/lend/${lending!.id}/`;
    expect(
      (
        await request(t.app)
          .get(path)
          .set(await as('yamada'))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app)
          .get(path)
          .set(await as('inoue'))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app)
          .get(path)
          .set(await as('suzuki'))
      ).status,
    ).toBe(404);
    const others = await request(t.app)
      .get('/api/assets/lend/')
      .set(await as('suzuki'));
    expect(others.body.results.map((r: { asset_id: string }) => r.asset_id)).not.toContain(lentCode);
    const all = await request(t.app)
      .get(`/api/assets/lend/?user=${await userId(t, 'yamada')}`)
      .set(await as('inoue'));
    expect(all.body.results.map((r: { asset_id: string }) => r.asset_id)).toContain(lentCode);
  });

  it('puts the unit back in stock, frees the seats and clears asset_id when the approval is undone', async () => {
    const [node] = await approverNodes(t, as, 'yamada', taskId);
    const undone = await request(t.app)
      .post(`/api/task/tasks/${taskId}/nodes/${node!.id}/undo/`)
      .set(await as('inoue'));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await unitsOf('ノートPC')).find((u) => u.code === lentCode)!.status).toBe('stock');
    expect(await t.db.select().from(assetLendings).where(eq(assetLendings.taskId, taskId))).toEqual([]);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row!.values.asset_id).toBe('');
  });

  it('returns a lent unit to stock with 返却 in the console, the lending 返却済 with its date', async () => {
    expect((await approve(taskId, 'yamada')).status).toBe(200);
    const [lending] = await t.db
      .select()
      .from(assetLendings)
      .where(and(eq(assetLendings.taskId, taskId), isNull(assetLendings.returnedOn)));
    const refused = await request(t.app)
      .post(`/api/admin/assets/${lending!.assetId}/return/`)
      .set(await as('inoue'))
      .send({});
    expect(refused.status).toBe(400);
    const res = await request(t.app)
      .post(`/api/admin/assets/${lending!.assetId}/return/`)
      .set(await as('inoue'))
      .send({ confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'stock', lending: null });
    expect(res.body.history[0]).toMatchObject({ status: 'returned', returned_on: expect.any(String) });
    const returned = await request(t.app)
      .get('/api/assets/lend/?status=returned')
      .set(await as('yamada'));
    expect(returned.body.results.map((r: { id: number }) => r.id)).toContain(lending!.id);
  });

  it('refuses the approval with 409 when no unit is left, and writes nothing', async () => {
    const phone = types.get('携帯電話')!;
    const submitted = await lend('yamaguchi', { assets_type: phone.id });
    const taskOf = (submitted.body as TTask).id;
    const res = await approve(taskOf, 'yamaguchi');
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('在庫がなくなったため承認できません。資材購入申請を案内してください。');
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, taskOf));
    expect(row!.status).toBe('01');
    expect(await t.db.select().from(assetLendings).where(eq(assetLendings.taskId, taskOf))).toEqual([]);
  });
});

describe('a purchase for a lending without stock', () => {
  it('adds the received units to stock and lends the first to the waiting applicant, with a bell', async () => {
    const phone = types.get('携帯電話')!;
    const submitted = await request(t.app)
      .post(`/api/task/workflows/${purchaseWorkflow}/form/`)
      .set(await as('yamada'))
      .send({ assets_type: phone.id, software_id: '', reason: '在庫がないため' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const taskId = (submitted.body as TTask).id;
    expect((await approve(taskId, 'yamada')).status).toBe(200);
    const listed = await request(t.app)
      .get('/api/admin/asset-purchases/')
      .set(await as('inoue'));
    expect(listed.body).toContainEqual(
      expect.objectContaining({ task_id: taskId, item: '携帯電話', received: false }),
    );
    const before = (await unitsOf('携帯電話')).length;
    const res = await request(t.app)
      .post(`/api/admin/asset-purchases/${taskId}/receive/`)
      .set(await as('inoue'))
      .send({
        confirm: true,
        units: [
          { asset_id: 'MB-101', serial_number: 'SN-MB-101' },
          { asset_id: 'MB-102', serial_number: 'SN-MB-102' },
        ],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      added: ['MB-101', 'MB-102'],
      lent: { asset_id: 'MB-101', user: { id: await userId(t, 'yamada') }, status: 'lent' },
    });
    const units = await unitsOf('携帯電話');
    expect(units).toHaveLength(before + 2);
    expect(units.find((u) => u.code === 'MB-102')!.status).toBe('stock');
    const bells = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, await userId(t, 'yamada')), eq(notifications.forward, '/assets')));
    expect(bells).toHaveLength(1);
    const again = await request(t.app)
      .post(`/api/admin/asset-purchases/${taskId}/receive/`)
      .set(await as('inoue'))
      .send({ confirm: true, units: [{ asset_id: 'MB-103' }] });
    expect(again.status).toBe(409);
  });
});

describe('the console’s asset masters', () => {
  const body = { name: '検証用ルーター', validity_period: 3, hardware_information: 'Wi-Fi 6' };

  it('refuses writes without is_staff or without the asset permission (403), and audits them', async () => {
    const notStaff = await request(t.app)
      .post('/api/admin/asset-types/')
      .set(await as('yamada'))
      .send(body);
    expect(notStaff.status).toBe(403);
    const staffWithout = await request(t.app)
      .post('/api/admin/asset-types/')
      .set(await as('hr'))
      .send(body);
    expect(staffWithout.status).toBe(403);
    const created = await request(t.app)
      .post('/api/admin/asset-types/')
      .set(await as('inoue'))
      .send({ ...body, software_list: softwareIds(types.get('ノートPC')!, 'Microsoft 365') });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: '検証用ルーター',
      software_names: ['Microsoft 365'],
      units: 0,
    });
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.resource, 'asset_types'), eq(adminAuditLog.objectId, created.body.id)));
    expect(audit).toMatchObject({ action: 'create', actorName: 'inoue' });
  });

  it('answers a bad body with Japanese field messages', async () => {
    const res = await request(t.app)
      .post('/api/admin/software/')
      .set(await as('inoue'))
      .send({ software_name: '', software_validity_period: 61, seats: -1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      software_name: ['ソフトウェア名 は必須項目です。'],
      software_validity_period: ['有効期間（か月） は 60 以下で入力してください。'],
      seats: ['ライセンス数 は 0 以上で入力してください。'],
    });
  });
});
