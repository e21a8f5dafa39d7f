// A chosen file as the spec's upload string `name:{base64 filename};{base64 content}`.
import { encodeUploadString } from '@portal/shared/workflow/upload';

/** A chosen file's bytes as base64 (no data: prefix). */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export async function toUploadString(file: File): Promise<string> {
  return encodeUploadString(file.name, await readBase64(file));
}
