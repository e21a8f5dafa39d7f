// Issue 31 (acceptance 3): yamada asks for a ノートPC with two software items on the lending form, his
// 課長 and 総務 approve, and /assets shows the PC with its 管理番号; with 携帯電話 out of stock the form
// says so and his 申請 becomes a 資材購入申請; once approved, admin records it received in the console
// and yamada holds the new unit. Approvals go through the API (workflow.spec covers approving on screen).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/** axe (WCAG 2.2 A and AA, as accessibility.spec.ts): no critical or serious violation. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('[data-testid="flow-chart"] svg')
    // The 申請しました toast of the request just made (Semi's own close button), gone in seconds.
    .exclude('.semi-toast-wrapper')
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const APPROVERS = ['suzuki', 'sato', 'inoue', 'takahashi', 'ito'];

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/token-auth/', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access: string }).access;
}

async function idOf(request: APIRequestContext, token: string): Promise<number> {
  const state = await request.post('/api/account/me/', { headers: { Authorization: `JWT ${token}` } });
  return ((await state.json()) as { me: { id: number } }).me.id;
}

interface NodeRow {
  id: number;
  status: string;
  is_observer: boolean;
  approvers: { id: number }[];
}

/** Approves each awaiting step of the task as its first approver until it is approved (90). */
async function approveAll(request: APIRequestContext, taskId: number): Promise<void> {
  const people = new Map<number, string>();
  for (const name of APPROVERS) {
    const token = await tokenOf(request, name);
    people.set(await idOf(request, token), token);
  }
  const applicant = await tokenOf(request, 'yamada');
  for (let step = 0; step < 5; step++) {
    const task = await request.get(`/api/task/tasks/${taskId}/`, {
      headers: { Authorization: `JWT ${applicant}` },
    });
    if (((await task.json()) as { status: string }).status === '90') return;
    const nodes = (await (
      await request.get(`/api/task/tasks/${taskId}/nodes/`, {
        headers: { Authorization: `JWT ${applicant}` },
      })
    ).json()) as NodeRow[];
    const node = nodes.find((n) => n.status === '01' && !n.is_observer)!;
    const token = node.approvers.map((a) => people.get(a.id)).find(Boolean)!;
    const res = await request.post(`/api/task/tasks/${taskId}/nodes/${node.id}/approval/`, {
      headers: { Authorization: `JWT ${token}` },
      data: { action: 'approve' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  throw new Error(`task ${taskId} was not approved`);
}

test('a lending, a lending without stock that becomes a purchase, and its receipt', async ({
  page,
  request,
}) => {
  await page.goto('/login-native');
  await signIn(page, 'yamada');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/task/workflows/13/create');
  const type = page.getByRole('combobox', { name: /資材種別/ });
  await type.selectOption({ label: 'ノートPC' });
  await expect(page.getByTestId('validity-period')).toHaveText('24 か月');
  await page.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' }).check();
  await page.getByRole('checkbox', { name: 'ウイルス対策ソフト' }).check();
  await page.getByRole('textbox', { name: /理由/ }).fill('新規プロジェクトのため');
  await expectAccessible(page);
  await page.getByRole('button', { name: '申請', exact: true }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/task\/tasks\/unresolved\/\d+$/);
  const lendId = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('field-assets_type')).toHaveText(/ノートPC（24 か月）/);
  await expect(page.getByTestId('field-software_id')).toHaveCount(0);
  await expectAccessible(page);

  await approveAll(request, lendId);
  const lent = await request.get(`/api/task/tasks/${lendId}/form/`, {
    headers: { Authorization: `JWT ${await tokenOf(request, 'yamada')}` },
  });
  const code = String(
    ((await lent.json()) as { name: string; value: unknown }[]).find((f) => f.name === 'asset_id')!.value,
  );
  expect(code).toMatch(/^PC-/);
  await page.goto('/assets');
  await expect(page.getByText(code).first()).toBeVisible();
  await expectAccessible(page);

  // 携帯電話 has no unit in stock: the form says so and 申請 files a 資材購入申請.
  await page.goto('/task/workflows/13/create');
  await page.getByRole('combobox', { name: /資材種別/ }).selectOption({ label: '携帯電話' });
  await expect(page.getByRole('status').filter({ hasText: '在庫がありません' })).toHaveText(
    '該当資材の在庫がありませんので、「申請」ボタンを押すと資材購入申請から行います。',
  );
  await page.getByRole('textbox', { name: /理由/ }).fill('外出が多いため');
  await page.getByRole('button', { name: '申請', exact: true }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/task\/tasks\/unresolved\/\d+$/);
  await expect(page.getByRole('heading', { name: /資材購入申請/ })).toBeVisible();
  const purchaseId = Number(/(\d+)$/.exec(page.url())![1]);
  await approveAll(request, purchaseId);

  // admin receives it in the console; the unit goes to yamada at once.
  const admin = await tokenOf(request, 'admin');
  const received = await request.post(`/api/admin/asset-purchases/${purchaseId}/receive/`, {
    headers: { Authorization: `JWT ${admin}` },
    data: { confirm: true, units: [{ asset_id: 'MB-E2E-1', serial_number: 'SN-E2E-1' }] },
  });
  expect(received.ok(), await received.text()).toBe(true);
  await page.goto('/assets');
  await expect(page.getByText('MB-E2E-1').first()).toBeVisible();
});

test('chooses a type and two software items with the keyboard alone', async ({ page }) => {
  await page.goto('/login-native');
  await signIn(page, 'yamada');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/task/workflows/13/create');
  const type = page.getByRole('combobox', { name: /資材種別/ });
  await type.focus();
  // A native select: the arrow keys move through the options (ノートPC is the first after ======).
  await page.keyboard.press('ArrowDown');
  await expect(type).toHaveValue(/\d+/);
  await expect(page.getByTestId('validity-period')).toHaveText('24 か月');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Adobe Acrobat Pro（12 か月）' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'ウイルス対策ソフト' })).not.toBeChecked();
});
