// master/company/calendar (spec §3.7, §7.9): the calendar images of /company/calendar and the settings
// the business days come from. Reading is for everyone signed in; changing needs
// PERM.changeCompanyCalendar (docs/decisions.md).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ZCalendarFileUpload,
  ZCompanyCalendarPatch,
  ZCompanyCalendarUpdate,
  type TCalendarFile,
  type TCompanyCalendar,
} from '@portal/shared/contracts/calendar';
import { MAX_UPLOAD_KB } from '@portal/shared/limits';
import { FIELD_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { contentTypeOf, exceedsUploadLimit, parseUploadString } from '@portal/shared/workflow/upload';
import { ATTACHMENT_EXTENSIONS } from '@portal/shared/limits';
import type { RequestContext } from '../../context.ts';
import { companyCalendarFiles } from '../../db/schema/company.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { loadCalendarSettings, saveCalendarSettings } from '../calendar/calendar.repository.ts';
import { listCalendarFiles } from './company.repository.ts';
import { toCalendarFile } from './company.service.ts';

export async function getCompanyCalendar({ ctx }: { ctx: RequestContext }): Promise<TCompanyCalendar> {
  const [files, settings, canEdit] = await Promise.all([
    listCalendarFiles(ctx.db),
    loadCalendarSettings(ctx.db),
    ctx.can(PERM.changeCompanyCalendar),
  ]);
  return { file_calendar: files.map(toCalendarFile), settings, can_edit: canEdit };
}

/** The permission first, so a caller without it gets 403 whatever they send; then the body. */
async function permittedBody<S extends z.core.$ZodType>(
  ctx: RequestContext,
  schema: S,
  body: unknown,
): Promise<z.output<S>> {
  await ctx.require(PERM.changeCompanyCalendar);
  const parsed = z.safeParse(schema, body ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

export async function updateCompanyCalendar({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { body: unknown };
}): Promise<TCompanyCalendar> {
  const settings = await permittedBody(ctx, ZCompanyCalendarUpdate, input.body);
  await ctx.db.transaction((tx) => saveCalendarSettings(tx, settings));
  return getCompanyCalendar({ ctx });
}

/** PATCH: only the settings named in the body change (a PUT needs them all). */
export async function patchCompanyCalendar({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { body: unknown };
}): Promise<TCompanyCalendar> {
  const changes = await permittedBody(ctx, ZCompanyCalendarPatch, input.body);
  const { settings } = await getCompanyCalendar({ ctx });
  return updateCompanyCalendar({ ctx, input: { body: { ...settings, ...changes } } });
}

const IMAGE_EXTENSIONS: readonly string[] = ATTACHMENT_EXTENSIONS.image;
const LABEL = 'ファイル';

export async function addCalendarFile({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { body: unknown };
}): Promise<TCalendarFile> {
  const { name, file } = await permittedBody(ctx, ZCalendarFileUpload, input.body);
  const upload = parseUploadString(file);
  const extension = upload?.filename.split('.').pop()?.toLowerCase() ?? '';
  if (!upload || !IMAGE_EXTENSIONS.includes(extension))
    throw ValidationError.field('file', FIELD_MSG.fileInvalid(LABEL));
  if (exceedsUploadLimit(upload.size))
    throw ValidationError.field('file', FIELD_MSG.fileTooLarge(LABEL, MAX_UPLOAD_KB));
  const [row] = await ctx.db
    .insert(companyCalendarFiles)
    .values({
      name,
      image: Buffer.from(upload.contentBase64, 'base64'),
      contentType: contentTypeOf(upload.filename),
    })
    .returning();
  return toCalendarFile(row!);
}

export async function deleteCalendarFile({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<void> {
  await ctx.require(PERM.changeCompanyCalendar);
  const deleted = await ctx.db
    .delete(companyCalendarFiles)
    .where(eq(companyCalendarFiles.id, input.id))
    .returning({ id: companyCalendarFiles.id });
  if (deleted.length === 0) throw new NotFound();
}
