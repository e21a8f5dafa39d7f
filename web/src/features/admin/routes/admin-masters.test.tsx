// Issue 14, "Company and master data": the console's 会社・マスタ page, shown to staff holding any of
// its permissions; it shows the bank master's date, renames the company only for holders of
// company.change_companyinfo, imports the station files with the API's errors under their inputs, and
// links to the company calendar and workflow screens the user may use.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminMasters } from '@portal/shared/contracts/admin';
import { admin } from '@portal/shared/endpoints/admin';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { NOT_ALLOWED } from '../components/resource-screens.tsx';
import AdminConsole from './admin-console.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const MASTERS: TAdminMasters = {
  company: { name: '株式会社サンプル', logo: null },
  bank_master: { package: 'zengin-code', version: '1.0.0-p20260824', data_date: '2026-08-24' },
  stations: { count: 1234 },
  can_change_company: false,
  can_import_stations: true,
};

function renderConsole(path: string) {
  return renderWithRouter(<AdminConsole />, { path, routePath: '/admin/*' });
}

beforeEach(() => notify.toastSuccess.mockReset());
afterEach(() => useSessionStore.getState().clear());

describe('会社・マスタ', () => {
  it('is refused, without a call, to staff holding none of its permissions', async () => {
    const { requests } = mockFetch({});
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewEmployee] }));
    renderConsole('/admin/masters');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).queryByRole('link', { name: '会社・マスタ' })).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
    expect(requests).toHaveLength(0);
  });

  it('shows the masters, the company read-only, and imports the station files', async () => {
    let attempts = 0;
    const { requests } = mockFetch({
      ...reply(admin.masters, {}, { body: MASTERS }),
      ...reply(admin.importStations, {}, () =>
        ++attempts === 1
          ? {
              status: 400,
              body: { station_file: ['駅データ（station.csv）の 3 行目の line_cd が正しくありません。'] },
            }
          : { body: { imported: 2, stations: { count: 1236 } } },
      ),
    });
    useSessionStore
      .getState()
      .setUser(userState({ is_staff: true, perms: [PERM.changeStation, PERM.viewWorkflow] }));
    renderConsole('/admin/masters');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '会社・マスタ' })).toHaveAttribute(
      'href',
      '/admin/masters',
    );

    expect(await screen.findByText('2026-08-24')).toBeInTheDocument();
    expect(screen.getByText('株式会社サンプル')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '会社情報' })).not.toBeInTheDocument();
    expect(screen.getByText('1,234 駅')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ワークフロー/ })).toHaveAttribute('href', '/workflow/workflows');
    expect(screen.queryByRole('link', { name: /会社カレンダー/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '取り込む' }));
    expect(await screen.findByText('駅データ（station.csv）を選択してください。')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    const csv = (text: string, name: string) => new File([text], name, { type: 'text/csv' });
    await user.upload(screen.getByLabelText(/駅データ（station.csv）/), csv('station_cd\n1', 'station.csv'));
    await user.upload(screen.getByLabelText(/路線データ（line.csv）/), csv('line_cd\n1', 'line.csv'));
    await user.click(screen.getByRole('button', { name: '取り込む' }));
    expect(await screen.findByText(/3 行目の line_cd が正しくありません/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '取り込む' }));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith('2 駅を取り込みました。'));
    const posted = requests.filter((r) => r.method === 'POST').at(-1)!.body as Record<string, string>;
    expect(posted.station_file).toMatch(/^name:/);
    expect(posted.line_file).toMatch(/^name:/);
  });

  it('shows the logo and removes it after a confirmation', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const { requests } = mockFetch({
      ...reply(
        admin.masters,
        {},
        {
          body: { ...MASTERS, can_change_company: true, company: { name: 'x', logo } },
        },
      ),
      ...reply(admin.removeCompanyLogo, {}, { body: { ...MASTERS, can_change_company: true } }),
    });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.changeCompanyInfo] }));
    renderConsole('/admin/masters');
    expect(await screen.findByRole('img', { name: '会社のロゴ' })).toHaveAttribute('src', logo);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'ロゴを削除' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: '削除' }));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith('ロゴを削除しました。'));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('lets a holder of company.change_companyinfo rename the company', async () => {
    const { requests } = mockFetch({
      ...reply(admin.masters, {}, { body: { ...MASTERS, can_change_company: true } }),
      ...reply(
        admin.patchCompany,
        {},
        { body: { ...MASTERS, company: { name: '株式会社新社名', logo: null } } },
      ),
    });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.changeCompanyInfo] }));
    renderConsole('/admin/masters');
    const name = await screen.findByLabelText(/会社名/);
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, '株式会社新社名');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith('会社情報を保存しました。'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: '株式会社新社名' });
  });
});
