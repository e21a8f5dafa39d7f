// A form's attachments as a notice or a manual page saves them: each kept from before by its place
// (`{n}`) or sent anew as an upload string (`{file}`), checked against the resource's extensions and
// size. Every problem is collected, so the field answers all of them in one 400.
import { contentTypeOf, parseUploadString } from '@portal/shared/workflow/upload';

export interface NewFile {
  readonly name: string;
  readonly contentType: string;
  readonly content: Buffer;
}

export type FileInput = NewFile | { readonly keep: number };

export interface AttachmentRules {
  readonly extensions: readonly string[];
  readonly bytes: number;
  readonly msg: {
    readonly fileInvalid: string;
    readonly fileTooLarge: string;
    readonly unknownAttachment: string;
  };
}

export function readAttachmentInputs(
  items: readonly ({ n: number } | { file: string })[],
  kept: ReadonlySet<number>,
  rules: AttachmentRules,
): { files: FileInput[]; errors: string[] } {
  const files: FileInput[] = [];
  const errors = new Set<string>();
  for (const item of items) {
    if ('n' in item) {
      if (kept.has(item.n)) files.push({ keep: item.n });
      else errors.add(rules.msg.unknownAttachment);
      continue;
    }
    const upload = parseUploadString(item.file);
    const extension = upload?.filename.split('.').pop()?.toLowerCase() ?? '';
    if (!upload || !rules.extensions.includes(extension)) errors.add(rules.msg.fileInvalid);
    else if (upload.size > rules.bytes) errors.add(rules.msg.fileTooLarge);
    else
      files.push({
        name: upload.filename,
        contentType: contentTypeOf(upload.filename),
        content: Buffer.from(upload.contentBase64, 'base64'),
      });
  }
  return { files, errors: [...errors] };
}
