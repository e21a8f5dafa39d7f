// Issue 12: item 12 (acceptance 3, "the applicant sees no approve button on their own request") and
// item 14's sign-out (the sign-in page carries no `next` and nothing is asked with the dead token).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/token-auth/', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access: string }).access;
}

/** The user id of the account behind `token` (POST, as the web asks for its user state). */
async function idOf(request: APIRequestContext, token: string): Promise<number> {
  const state = await request.post('/api/account/me/', { headers: { Authorization: `JWT ${token}` } });
  expect(state.ok()).toBe(true);
  return ((await state.json()) as { me: { id: number } }).me.id;
}

/**
 * yamada's seeded 資材貸出申請 and its step that awaits suzuki. Not just any pending step of
 * yamada's: the list is newest first, and the other specs of the project share this database —
 * workflow.spec files yamada's 休暇申請 that suzuki approves (then it awaits sato) or sends back,
 * and the seeded 開発用サーバーの増設 awaits sato — so the step is chosen by its approver, on the
 * one seeded request no spec acts on.
 */
async function yamadasRequestAwaitingSuzuki(request: APIRequestContext) {
  const headers = { Authorization: `JWT ${await tokenOf(request, 'yamada')}` };
  const suzuki = await idOf(request, await tokenOf(request, 'suzuki'));
  const list = await request.get('/api/task/tasks/?filter=unresolved', { headers });
  expect(list.ok()).toBe(true);
  const tasks = ((await list.json()) as { results: { id: number; status: string; workflow_name: string }[] })
    .results;
  for (const task of tasks.filter((t) => t.status === '01' && t.workflow_name === '資材貸出申請')) {
    const nodes = (await (await request.get(`/api/task/tasks/${task.id}/nodes/`, { headers })).json()) as {
      id: number;
      status: string;
      is_observer: boolean;
      approvers: { id: number }[];
    }[];
    const node = nodes.find(
      (n) => n.status === '01' && !n.is_observer && n.approvers.some((a) => a.id === suzuki),
    );
    if (node) return { taskId: task.id, nodeId: node.id };
  }
  throw new Error("the seed has no 資材貸出申請 of yamada's awaiting suzuki");
}

test('the applicant sees no approve, send-back or reject button on their own request', async ({
  page,
  request,
}) => {
  const { taskId, nodeId } = await yamadasRequestAwaitingSuzuki(request);
  await page.goto('/login-native');
  await signIn(page, 'yamada');
  await expect(page).toHaveURL(/\/home$/);
  // The approval page of the step, as a shared link or a stale bell would open it.
  await page.goto(`/task/tasks/approval/${taskId}/nodes/${nodeId}`);
  await expect(page.getByRole('heading', { name: /資材貸出申請|申請/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '取消' })).toBeVisible();
  // The steps have loaded (the page decides on a step once it has them).
  await expect(page.getByRole('img', { name: /承認フロー/ })).toBeVisible();
  for (const name of ['承認', '差戻し', '却下'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
});

test('the approver sees the decisions on that same step', async ({ page, request }) => {
  const { taskId, nodeId } = await yamadasRequestAwaitingSuzuki(request);
  await page.goto('/login-native');
  await signIn(page, 'suzuki');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/task/tasks/approval/${taskId}/nodes/${nodeId}`);
  for (const name of ['承認', '差戻し', '却下'])
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '取消' })).toHaveCount(0);
});

test('after logout the sign-in page has no next and no call carries the dead token', async ({ page }) => {
  await page.goto('/login-native');
  await signIn(page, 'yamada');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/task/tasks/unresolved');
  await expect(page.getByTestId('page-title')).not.toBeEmpty();
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('portal-session') ?? '{}') as { state?: { access?: string } }).state
        ?.access,
  );
  expect(token).toBeTruthy();
  const afterLogout: string[] = [];
  let loggedOut = false;
  page.on('request', (req) => {
    if (!req.url().includes('/api/')) return;
    if (req.url().includes('/api/account/logout/')) {
      loggedOut = true;
      return;
    }
    if (loggedOut && req.headers()['authorization']?.endsWith(token!))
      afterLogout.push(`${req.method()} ${req.url()}`);
  });
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login-native$/);
  // Whatever was still on its way has had time to answer.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/login-native$/);
  expect(afterLogout).toEqual([]);
});
