import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared/messages';
import { useUiStore } from '@/stores/ui-store.ts';
import { mockFetch, type RecordedRequest } from '@/testing/fetch-mock.ts';
import { notification, page } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

const unread = notification({ id: 1, title: '承認依頼が届きました', is_read: false });
const read = notification({
  id: 2,
  title: '申請が承認されました',
  content: '休暇申請が承認されました。',
  forward: '/task/tasks/finished/5',
  created_dt: '2025-05-30T18:30:00+09:00',
  is_read: true,
});

/** A small in-memory server: PUT moves a notification between the lists. */
function mockNotifications(items = [unread, read]) {
  const state = new Map(items.map((item) => [item.id, { ...item }]));
  const list = (request: RecordedRequest) => {
    const isRead = request.query.get('is_read') === 'true';
    return { body: page([...state.values()].filter((item) => item.is_read === isRead)) };
  };
  const put = (id: number) => (request: RecordedRequest) => {
    const item = state.get(id);
    if (item) item.is_read = (request.body as { is_read: boolean }).is_read;
    return { body: item };
  };
  return mockFetch({
    'GET /api/notifications/': list,
    'PUT /api/notifications/1/read/': put(1),
    'PUT /api/notifications/2/read/': put(2),
  });
}

const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT');

function renderBell() {
  return renderWithRouter(<NotificationBell />, {
    path: '/home',
    routePath: '/home',
    routes: [{ path: '/task/*', element: <p>task page</p> }],
  });
}

beforeEach(() => useUiStore.setState({ notificationPanelOpen: false, notificationTab: 'unread' }));

describe('notification bell', () => {
  it('shows the unread count and opens the unread list', async () => {
    mockNotifications();
    const user = userEvent.setup();
    renderBell();
    const bell = screen.getByRole('button', { name: /^お知らせ（未読/ });
    await waitFor(() => expect(bell).toHaveAccessibleName('お知らせ（未読 1 件）'));

    await user.click(bell);
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(within(item!).getByRole('link', { name: '承認依頼が届きました' })).toHaveAttribute(
      'href',
      '/task/tasks/approval/10/nodes/20',
    );
    expect(item).toHaveTextContent('勤怠報告（2025年5月）の承認をお願いします。');
    expect(item).toHaveTextContent('2025-05-31 09:05');
    expect(within(item!).getByRole('button', { name: '既読にする' })).toBeInTheDocument();
  });

  it('toggles between the unread and the read list', async () => {
    mockNotifications();
    const user = userEvent.setup();
    renderBell();
    await user.click(screen.getByRole('button', { name: /^お知らせ（未読/ }));
    await screen.findByText('承認依頼が届きました');

    await user.click(screen.getByText('既読', { exact: true }));
    expect(await screen.findByText('申請が承認されました')).toBeInTheDocument();
    expect(screen.queryByText('承認依頼が届きました')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '未読にする' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-item')).toHaveTextContent('2025-05-30 18:30');
  });

  it('marks an item read with one PUT and moves it out of the unread list', async () => {
    const { requests } = mockNotifications();
    const user = userEvent.setup();
    renderBell();
    await user.click(screen.getByRole('button', { name: /^お知らせ（未読/ }));
    await user.click(await screen.findByRole('button', { name: '既読にする' }));

    await waitFor(() => expect(screen.getByText(MSG.noMessages)).toBeInTheDocument());
    expect(puts(requests)).toHaveLength(1);
    expect(puts(requests)[0]).toMatchObject({
      path: '/api/notifications/1/read/',
      body: { notification_id: 1, is_read: true },
    });
  });

  it('marks an unread title read before following its link', async () => {
    const { requests } = mockNotifications();
    const user = userEvent.setup();
    const { router } = renderBell();
    await user.click(screen.getByRole('button', { name: /^お知らせ（未読/ }));
    await user.click(await screen.findByRole('link', { name: '承認依頼が届きました' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/approval/10/nodes/20'));
    expect(puts(requests).map((r) => r.body)).toEqual([{ notification_id: 1, is_read: true }]);
    expect(useUiStore.getState().notificationPanelOpen).toBe(false);
  });

  it('sends nothing when a read title is clicked: it is already read', async () => {
    const { requests } = mockNotifications();
    const user = userEvent.setup();
    const { router } = renderBell();
    await user.click(screen.getByRole('button', { name: /^お知らせ（未読/ }));
    await user.click(screen.getByText('既読', { exact: true }));
    await user.click(await screen.findByRole('link', { name: '申請が承認されました' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/finished/5'));
    expect(puts(requests)).toHaveLength(0);
  });

  it('says there are no messages when a list is empty', async () => {
    mockNotifications([]);
    const user = userEvent.setup();
    renderBell();
    const bell = screen.getByRole('button', { name: /^お知らせ（未読/ });
    await user.click(bell);
    expect(await screen.findByText(MSG.noMessages)).toBeInTheDocument();
    expect(bell).toHaveAccessibleName('お知らせ（未読なし）');
  });
});
