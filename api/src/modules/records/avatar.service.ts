// account/avatar/: the caller's picture, shown in the top bar (me.avatar). An upload must be a
// raster image (PNG, JPEG, GIF, WebP; never SVG) of at most 2 MB and 12 MP; it is decoded, cut to a
// square, resized and re-encoded by sharp (files/pictures.ts), so nothing the user sent is ever
// served back as it was.
import { eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '@portal/shared/limits';
import { PROFILE_MSG, ZAvatarUpload } from '@portal/shared/contracts/profile';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { userAvatars } from '../../db/schema/records.ts';
import { ValidationError } from '../../errors.ts';
import { reencodePicture } from '../../files/pictures.ts';
import { ownEmployee } from './record-access.ts';
import { recordChange } from './record-changes.ts';

/** The stored square's side in pixels (the top bar shows 32, the profile 96; 2× for sharp screens). */
export const AVATAR_SIZE = 192;

export async function avatarDataUrl(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ image: userAvatars.image, contentType: userAvatars.contentType })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId));
  return row ? `data:${row.contentType};base64,${row.image.toString('base64')}` : null;
}

/** The uploaded bytes as a small WebP square, or a 400 naming what is wrong. */
async function reencode(content: string, userId: number): Promise<Buffer> {
  const base64 = content.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw ValidationError.field('content', PROFILE_MSG.avatarType);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw ValidationError.field('content', PROFILE_MSG.avatarSize);
  return reencodePicture({
    userId,
    bytes,
    field: 'content',
    label: 'アバター',
    notAnImage: PROFILE_MSG.avatarType,
    transform: (image) =>
      image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
  });
}

export async function getAvatar({ ctx }: { ctx: RequestContext }): Promise<{ avatar: string | null }> {
  return { avatar: await avatarDataUrl(ctx.db, ctx.user.id) };
}

export async function putAvatar({ ctx, input }: { ctx: RequestContext; input: unknown }) {
  const parsed = ZAvatarUpload.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const image = await reencode(parsed.data.content, ctx.user.id);
  const owner = await ownEmployee(ctx).catch(() => null);
  await ctx.db.transaction(async (tx) => {
    const values = { userId: ctx.user.id, image, contentType: 'image/webp', updatedAt: new Date() };
    await tx
      .insert(userAvatars)
      .values(values)
      .onConflictDoUpdate({
        target: userAvatars.userId,
        set: { image, contentType: 'image/webp', updatedAt: values.updatedAt },
      });
    if (owner)
      await recordChange(tx, {
        owner,
        actorId: ctx.user.id,
        subject: 'avatar',
        subjectId: null,
        action: 'update',
        before: null,
        after: { bytes: image.length },
      });
  });
  return getAvatar({ ctx });
}

export async function deleteAvatar({ ctx }: { ctx: RequestContext }): Promise<void> {
  await ctx.db.delete(userAvatars).where(eq(userAvatars.userId, ctx.user.id));
}
