// Checks an HTTP callback ourselves, since the SDK lets unsigned 2.0 callbacks through and answers
// a failed check with 200 (lark.md "Card callbacks"): signature = hex(sha256(timestamp + nonce +
// encryptKey + body)); the timestamp within a window; encrypted bodies decrypted with the key.
import { createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  readonly timestamp: string | undefined;
  readonly nonce: string | undefined;
  readonly signature: string | undefined;
  readonly body: string;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'bad_signature' | 'stale' };

export function larkSignature(timestamp: string, nonce: string, encryptKey: string, body: string): string {
  return createHash('sha256')
    .update(timestamp + nonce + encryptKey + body)
    .digest('hex');
}

export function checkSignature(
  req: SignedRequest,
  encryptKey: string,
  windowSeconds: number,
  nowMs: number,
): SignatureCheck {
  const { timestamp, nonce, signature } = req;
  if (!timestamp || !nonce || !signature) return { ok: false, reason: 'missing' };
  const expected = Buffer.from(larkSignature(timestamp, nonce, encryptKey, req.body), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || Math.abs(nowMs / 1000 - seconds) > windowSeconds) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true };
}

/** `{ "encrypt": base64 }`: AES-256-CBC, key sha256(encryptKey), IV the first 16 bytes, PKCS#7. */
export function decryptBody(encrypted: string, encryptKey: string): string {
  const key = createHash('sha256').update(encryptKey).digest();
  const bytes = Buffer.from(encrypted, 'base64');
  const decipher = createDecipheriv('aes-256-cbc', key, bytes.subarray(0, 16));
  return Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
}
