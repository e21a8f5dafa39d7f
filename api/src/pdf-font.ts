// The Japanese face every server-side PDF (pdfkit) is written in: Noto Sans CJK JP from the system's
// fonts-noto-cjk package where it is installed, else the Noto Sans JP OpenType file that the
// `@embedpdf/fonts-jp` npm package ships (OFL-1.1), so a fresh machine needs no system package. Only
// when neither is there does a PDF call answer 503 with a message naming the package, rather than a
// PDF of empty boxes. pdfkit embeds only the glyphs used.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { ApiError } from './errors.ts';

/** Where Debian/Ubuntu (fonts-noto-cjk), Fedora and Arch put the Japanese face; first found wins. */
const SYSTEM_FONTS = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf', family: undefined },
] as const;

/** The npm package's file, beside its dist/ folder (its exports name no font path). */
function packagedFont(): string | null {
  try {
    const main = createRequire(import.meta.url).resolve('@embedpdf/fonts-jp');
    return path.join(path.dirname(main), '..', 'fonts', 'NotoSansJP-Regular.otf');
  } catch {
    return null;
  }
}

export class PdfFontMissing extends ApiError {
  readonly status = 503;
  readonly code = 'server_error';
  constructor() {
    super(ATTENDANCE_MSG.pdfFontMissing);
  }
}

export interface JapaneseFont {
  readonly data: Buffer;
  /** The face inside a collection (.ttc); undefined for a single-face file. */
  readonly family: string | undefined;
}

let fontPromise: Promise<JapaneseFont | null> | null = null;

/** The font file, read once per process; null when no candidate exists. */
export function loadJapaneseFont(): Promise<JapaneseFont | null> {
  fontPromise ??= (async () => {
    const packaged = packagedFont();
    const candidates = [...SYSTEM_FONTS, ...(packaged ? [{ path: packaged, family: undefined }] : [])];
    for (const candidate of candidates) {
      try {
        return { data: await readFile(candidate.path), family: candidate.family };
      } catch {
        // try the next place
      }
    }
    return null;
  })();
  return fontPromise;
}

/** The font, or PdfFontMissing (503). */
export async function requireJapaneseFont(): Promise<JapaneseFont> {
  const font = await loadJapaneseFont();
  if (!font) throw new PdfFontMissing();
  return font;
}
