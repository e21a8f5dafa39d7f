import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCompanyInfo } from '@portal/shared/contracts/company';
import { ZOrganization } from '@portal/shared/contracts/organizations';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
let access: string;
beforeAll(async () => {
  t = await createTestContext();
  access = (await t.signIn('yamada')).access;
});
afterAll(() => t?.close());

describe('GET /api/organizations/', () => {
  it('lists every organisation with its parent, level and head', async () => {
    const res = await request(t.app).get('/api/organizations/').set(t.auth(access));
    expect(res.status).toBe(200);
    const orgs = ZOrganization.array().parse(res.body);
    expect(orgs).toHaveLength(14);
    const dev1 = orgs.find((o) => o.name === '開発一課');
    expect(dev1).toMatchObject({ level: '10', head_name: '鈴木 一郎' });
    const dev = orgs.find((o) => o.id === dev1?.parent_id);
    expect(dev).toMatchObject({ name: '開発部', level: '12', head_name: '佐藤 浩二' });
  });

  it('needs a signed-in user', async () => {
    expect((await request(t.app).get('/api/organizations/')).status).toBe(401);
  });
});

describe('GET /api/master/company/info', () => {
  it('returns the company name and its calendar images, with or without the trailing slash', async () => {
    for (const path of ['/api/master/company/info', '/api/master/company/info/']) {
      const res = await request(t.app).get(path).set(t.auth(access));
      expect(res.status).toBe(200);
      const info = ZCompanyInfo.parse(res.body);
      expect(info.name).toBe('株式会社サンプル');
      expect(info.file_calendar).toHaveLength(1);
      expect(info.file_calendar[0]?.url).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });
});
