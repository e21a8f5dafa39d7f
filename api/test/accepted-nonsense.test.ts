// Issue 12, item 9: input the portal used to accept although it means nothing is refused, each with
// a message under its field.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUploadString } from '@portal/shared/workflow/upload';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { createWorkflow, tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

const EXPENSE_WORKFLOW_ID = 3;
const PNG = 'iVBORw0KGgo=';

function expense(overrides: Record<string, unknown> = {}) {
  return {
    used_on: '2030-01-10',
    amount: 1200,
    purpose: '交通費',
    receipt: encodeUploadString('receipt.png', PNG),
    ...overrides,
  };
}

describe('accepted nonsense (item 9)', () => {
  it('refuses an 経費精算 amount of 0 or less under the amount field', async () => {
    for (const amount of [-1, 0]) {
      const res = await request(t.app)
        .post(`/api/task/workflows/${EXPENSE_WORKFLOW_ID}/form/`)
        .set(await as('yamada'))
        .send(expense({ amount }));
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.amount[0]).toContain('金額');
    }
  });

  it('refuses autocomplete members that do not exist', async () => {
    const workflowId = await createWorkflow(t, {
      fields: [{ name: 'members', label: '関係者', dataType: 'autocomplete', multiple: true }],
      nodes: [{ order: 1, dispatch: '02' }],
    });
    const res = await request(t.app)
      .post(`/api/task/workflows/${workflowId}/form/`)
      .set(await as('yamada'))
      .send({ members: [await userId(t, 'sato'), 987654] });
    expect(res.status).toBe(400);
    expect(res.body.members[0]).toContain('関係者');
  });

  it('refuses node codes outside 01–94 and 95', async () => {
    const admin = await as('admin');
    for (const code of ['00', '96', '99']) {
      const res = await request(t.app)
        .post('/api/workflow/nodes/')
        .set(admin)
        .send({ workflow_id: 1, code, name: '確認', order: 5, node_dispatch: '02' });
      expect(res.status, code).toBe(400);
      expect(res.body.code[0]).toContain('01～94');
    }
  });

  it('refuses a file name carrying a bidirectional control character, under its field', async () => {
    const res = await request(t.app)
      .post(`/api/task/workflows/${EXPENSE_WORKFLOW_ID}/form/`)
      .set(await as('yamada'))
      .send(expense({ receipt: encodeUploadString('receipt\u202egnp.exe', PNG) }));
    expect(res.status).toBe(400);
    expect(res.body.receipt[0]).toContain('領収書');
  });

  it('answers a 5,000-character file name under its field, not as non_field_errors', async () => {
    const res = await request(t.app)
      .post(`/api/task/workflows/${EXPENSE_WORKFLOW_ID}/form/`)
      .set(await as('yamada'))
      .send(expense({ receipt: encodeUploadString(`${'a'.repeat(5000)}.png`, PNG) }));
    expect(res.status).toBe(400);
    expect(res.body.non_field_errors).toBeUndefined();
    expect(res.body.receipt[0]).toContain('領収書');
  });

  it('refuses a break that ends before it starts inside the day, and keeps one across midnight', async () => {
    const yamada = await as('yamada');
    const month = await request(t.app).get('/api/attendance/year/2030/month/2/').set(yamada);
    expect(month.status).toBe(200);
    const draft = month.body.draft ?? month.body;
    const withBreak = (start: string, end: string) => ({
      first: { ...draft.first, settings: { ...draft.first.settings, breaks: [{ start, end }] } },
      second: draft.second,
      remark: '',
      default_input: false,
    });
    const backwards = await request(t.app)
      .put('/api/attendance/year/2030/month/2/')
      .set(yamada)
      .send(withBreak('15:15', '15:00'));
    expect(backwards.status).toBe(400);
    expect(backwards.body['first.settings.breaks.0.end'][0]).toContain('休憩の終了時刻');
    const overnight = await request(t.app)
      .put('/api/attendance/year/2030/month/2/')
      .set(yamada)
      .send(withBreak('23:30', '00:30'));
    expect(overnight.status, JSON.stringify(overnight.body)).toBe(200);
  });
});
