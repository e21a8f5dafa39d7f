import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCompanyCalendar } from '@portal/shared/contracts/calendar';
import { SUCCESS } from '@portal/shared/messages';
import { calendar as calendarApi } from '@portal/shared/endpoints/calendar';
import { company } from '@portal/shared/endpoints/company';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { NO_CALENDAR_IMAGES } from '../components/calendar-images.tsx';
import CompanyCalendarRoute from './company-calendar.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

function calendar(overrides: Partial<TCompanyCalendar> = {}): TCompanyCalendar {
  return {
    file_calendar: [{ id: 3, name: '2025年度カレンダー', url: 'data:image/png;base64,iVBORw0KGgo=' }],
    settings: { legal_holiday_weekday: 0, days_off: ['2025-08-13'] },
    can_edit: false,
    ...overrides,
  };
}

/** August 2025 without weekends, 08-11 (山の日) and the company day off 08-13. */
const AUGUST_WORK = Array.from({ length: 31 }, (_, i) => i + 1)
  .filter((day) => ![2, 3, 9, 10, 11, 13, 16, 17, 23, 24, 30, 31].includes(day))
  .map((day) => `2025-08-${String(day).padStart(2, '0')}`);

beforeEach(() => {
  notify.toastSuccess.mockReset();
  notify.toastError.mockReset();
});

describe('company calendar /company/calendar', () => {
  it('shows the images and the month’s business days, without settings for an employee', async () => {
    mockFetch({
      ...reply(company.calendar, {}, { body: calendar() }),
      ...reply(calendarApi.businessDays, { year: 2025, month: 8 }, { body: AUGUST_WORK }),
    });
    renderWithRouter(<CompanyCalendarRoute />, { path: '/company/calendar?month=2025-08' });
    const image = await screen.findByRole('img', { name: '2025年度カレンダー' });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    const month = await screen.findByTestId('business-days');
    expect(month).toHaveTextContent('2025年8月 所定労働日 19日');
    const kind = (day: string) =>
      within(month).getByText(day, { selector: '.calendar-day__number' }).closest('td')?.dataset.kind;
    expect([kind('1'), kind('2'), kind('3'), kind('11'), kind('13')]).toEqual([
      'work',
      'holiday',
      'legal',
      'holiday',
      'holiday',
    ]);
    expect(screen.queryByTestId('calendar-settings')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /削除/ })).not.toBeInTheDocument();
  });

  it('says when no image is registered', async () => {
    mockFetch({
      ...reply(company.calendar, {}, { body: calendar({ file_calendar: [] }) }),
      ...reply(calendarApi.businessDays, { year: 2025, month: 8 }, { body: AUGUST_WORK }),
    });
    renderWithRouter(<CompanyCalendarRoute />, { path: '/company/calendar?month=2025-08' });
    expect(await screen.findByText(NO_CALENDAR_IMAGES)).toBeInTheDocument();
  });

  it('lets an administrator delete an image once confirmed, and keeps the dialog on a refusal', async () => {
    let refuse = true;
    const { requests } = mockFetch({
      ...reply(company.calendar, {}, { body: calendar({ can_edit: true }) }),
      ...reply(calendarApi.businessDays, { year: 2025, month: 8 }, { body: AUGUST_WORK }),
      ...reply(company.deleteCalendarFile, { id: 3 }, () =>
        refuse ? { status: 403, body: { detail: '権限がありません。' } } : { status: 204 },
      ),
    });
    renderWithRouter(<CompanyCalendarRoute />, { path: '/company/calendar?month=2025-08' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '2025年度カレンダー を削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('カレンダー画像の削除')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(notify.toastError).toHaveBeenCalledOnce());
    expect(within(dialog).getByTestId('confirm-ok')).toBeVisible();

    refuse = false;
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith(SUCCESS.deleted));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(2);
  });

  it('lets an administrator change the 法定休日 weekday and the company days off', async () => {
    const { requests } = mockFetch({
      ...reply(company.calendar, {}, { body: calendar({ can_edit: true }) }),
      ...reply(calendarApi.businessDays, { year: 2025, month: 8 }, { body: AUGUST_WORK }),
      ...reply(company.replaceCalendar, {}, (request) => ({
        body: calendar({ can_edit: true, settings: request.body as TCompanyCalendar['settings'] }),
      })),
    });
    renderWithRouter(<CompanyCalendarRoute />, { path: '/company/calendar?month=2025-08' });
    const settings = await screen.findByTestId('calendar-settings');
    await userEvent.selectOptions(within(settings).getByRole('combobox', { name: '法定休日の曜日' }), '6');
    await userEvent.click(within(settings).getByRole('button', { name: '2025-08-13 を外す' }));
    const input = within(settings).getByLabelText('追加する会社休日');
    await userEvent.type(input, '2025-12-29');
    await userEvent.click(within(settings).getByRole('button', { name: '追加' }));
    expect(
      within(settings)
        .getAllByTestId('day-off')
        .map((li) => li.textContent),
    ).toEqual(['2025-12-29外す']);
    await userEvent.click(within(settings).getByRole('button', { name: '保存' }));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith(SUCCESS.saved));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      legal_holiday_weekday: 6,
      days_off: ['2025-12-29'],
    });
  });
});
