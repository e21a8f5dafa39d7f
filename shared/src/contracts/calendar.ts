// The company calendar (spec §3.7, §7.4 task/business-days, §7.9 master/company/calendar): which days
// are worked, which weekday is the 法定休日, and the calendar images shown on /company/calendar.
import { z } from 'zod';
import { ZCompanyCalendarSettings } from '../calendar/business-days.ts';

export { ZCompanyCalendarSettings };
export type { TCompanyCalendarSettings } from '../calendar/business-days.ts';

/** GET /api/task/business-days/{year}/{month}/ — the month's 所定労働日, `YYYY-MM-DD`, in order. */
export const ZBusinessDays = z.array(z.string());
export type TBusinessDays = z.infer<typeof ZBusinessDays>;

/** A calendar image: a link, or the stored image as a `data:` URL (see decisions.md). */
export const ZCalendarFile = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type TCalendarFile = z.infer<typeof ZCalendarFile>;

/**
 * GET /api/master/company/calendar — everyone signed in. The images of /company/calendar plus the
 * settings the business days come from. `can_edit`: the caller may PUT the settings and add or delete
 * images (PERM.changeCompanyCalendar).
 */
export const ZCompanyCalendar = z.object({
  file_calendar: z.array(ZCalendarFile),
  settings: ZCompanyCalendarSettings,
  can_edit: z.boolean(),
});
export type TCompanyCalendar = z.infer<typeof ZCompanyCalendar>;

/**
 * PUT /api/master/company/calendar — the whole settings (`legal_holiday_weekday` 0 = Sunday … 6,
 * `days_off` YYYY-MM-DD company days off), both required: an empty PUT must not wipe every day off.
 * PERM.changeCompanyCalendar, else 403. Answers ZCompanyCalendar.
 */
export const ZCompanyCalendarUpdate = z.strictObject({
  legal_holiday_weekday: ZCompanyCalendarSettings.shape.legal_holiday_weekday.unwrap(),
  days_off: ZCompanyCalendarSettings.shape.days_off.unwrap(),
});
export type TCompanyCalendarUpdate = z.input<typeof ZCompanyCalendarUpdate>;

/** PATCH /api/master/company/calendar — only the settings given change. Same permission and answer. */
export const ZCompanyCalendarPatch = ZCompanyCalendarUpdate.partial();
export type TCompanyCalendarPatch = z.input<typeof ZCompanyCalendarPatch>;

/**
 * POST /api/master/company/calendar/files/ — one image (`file`: `name:{base64 filename};{base64 content}`,
 * an image, ≤ 2 MB). PERM.changeCompanyCalendar. 201 ZCalendarFile.
 * DELETE /api/master/company/calendar/files/{id}/ — 204.
 */
export const ZCalendarFileUpload = z.object({
  name: z.string().trim().min(1).max(200),
  file: z.string(),
});
export type TCalendarFileUpload = z.infer<typeof ZCalendarFileUpload>;
