// Decoding an uploaded picture (an avatar, the company logo) within limits fitted to its use
// (issue 32). A 2 MB PNG can hold 40 MP that decode to 160 MB of pixels; eight at once added 630 MB
// that the process kept, and took libuv's four threads from the argon2 sign-ins for seconds. So:
// - a picture over PICTURE_MAX_PIXELS is refused from its header, before its pixels are decoded;
// - one picture is decoded at a time in this process, with one libvips thread and no libvips
//   operation cache, leaving the other libuv threads to sign-ins, files and DNS;
// - each user may have PICTURE_UPLOADS_PER_USER.points pictures decoded per window (429 beyond).
import pLimit from 'p-limit';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { Throttled, ValidationError } from '../errors.ts';

/** Avatars and logos: a phone's photo is 12 MP; both are shrunk to a few hundred pixels anyway. */
export const PICTURE_MAX_PIXELS = 12_000_000;
/** Pictures decoded at once in this process. */
export const PICTURE_DECODES_AT_ONCE = 1;
/** Pictures one user may have decoded per window (a person changes an avatar a few times at most). */
export const PICTURE_UPLOADS_PER_USER = { points: 20, windowSeconds: 10 * 60 } as const;

export const PICTURE_MSG = {
  tooManyPixels: (label: string) =>
    `${label} の画像が大きすぎます（${PICTURE_MAX_PIXELS / 10_000} 万画素まで）。縮小してから選択してください。`,
  tooManyUploads: '画像のアップロードが多すぎます。しばらくしてから再度お試しください。',
} as const;

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

sharp.concurrency(1);
sharp.cache(false);

const decodes = pLimit(PICTURE_DECODES_AT_ONCE);

const uploads = new RateLimiterMemory({
  keyPrefix: 'picture_upload',
  points: PICTURE_UPLOADS_PER_USER.points,
  duration: PICTURE_UPLOADS_PER_USER.windowSeconds,
});

async function charge(userId: number): Promise<void> {
  try {
    await uploads.consume(String(userId));
  } catch (error) {
    if (error instanceof RateLimiterRes)
      throw new Throttled(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), PICTURE_MSG.tooManyUploads);
    throw error;
  }
}

/** How many decodes run now and wait: for tests and the curious. */
export function pictureDecodes(): { active: number; waiting: number } {
  return { active: decodes.activeCount, waiting: decodes.pendingCount };
}

export interface PictureUpload {
  readonly userId: number;
  readonly bytes: Buffer;
  /** The request field, its Japanese label, and the message for anything that is not a raster image. */
  readonly field: string;
  readonly label: string;
  readonly notAnImage: string;
  /** What to make of it (resize, re-encode); runs in the decoding slot. */
  readonly transform: (image: Sharp) => Promise<Buffer>;
}

/** The picture re-encoded by `transform`; 400 for what is not a PNG, JPEG, GIF or WebP within the limit. */
export async function reencodePicture(upload: PictureUpload): Promise<Buffer> {
  await charge(upload.userId);
  const refuse = (message: string) => ValidationError.field(upload.field, message);
  return decodes(async () => {
    // The header alone first (no pixels are decoded for it), so a big picture gets its own message.
    const header = sharp(upload.bytes, { limitInputPixels: false, animated: false });
    const { format, width, height } = await header.metadata().catch(() => ({}) as Metadata);
    if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse(upload.notAnImage);
    if ((width ?? 0) * (height ?? 0) > PICTURE_MAX_PIXELS)
      throw refuse(PICTURE_MSG.tooManyPixels(upload.label));
    try {
      const image = sharp(upload.bytes, { limitInputPixels: PICTURE_MAX_PIXELS, animated: false });
      return await upload.transform(image);
    } catch {
      throw refuse(upload.notAnImage);
    }
  });
}
