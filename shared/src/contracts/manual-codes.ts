// The manual's limits and attachment messages without any zod: the endpoint table and the console's
// form import these (as notice-codes.ts). The schemas are in manual.ts.
import { ATTACHMENT_EXTENSIONS, MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';

export const MANUAL_LIMITS = {
  chapter: 100,
  title: 100,
  body: 20_000,
  query: 100,
  results: 20,
  /** A page's attachments, as a notice's: five of 2 MB. */
  files: 5,
  bytes: MAX_UPLOAD_BYTES,
} as const;

/** Images shown in the page and PDFs linked from it. */
export const MANUAL_EXTENSIONS: readonly string[] = [
  ...ATTACHMENT_EXTENSIONS.image,
  ...ATTACHMENT_EXTENSIONS.pdf,
];

const ATTACHMENTS = '添付';

export const MANUAL_MSG = {
  tooManyFiles: FIELD_MSG.tooManyChoices(ATTACHMENTS, MANUAL_LIMITS.files),
  fileInvalid: FIELD_MSG.fileInvalid(ATTACHMENTS),
  fileTooLarge: FIELD_MSG.fileTooLarge(ATTACHMENTS, MAX_UPLOAD_KB),
  unknownAttachment: `${ATTACHMENTS} に存在しないファイルが含まれています。`,
} as const;
