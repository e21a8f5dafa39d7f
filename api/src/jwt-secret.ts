// The access and refresh tokens are signed with one HS256 secret. Production must pass JWT_SECRET
// (config.ts refuses to start without it); elsewhere a secret is generated on first start and kept
// in the data folder, so sign-ins survive a restart without anyone having to invent a secret.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig, Config } from './config.ts';

export const JWT_SECRET_FILE = 'jwt-secret';

export async function withJwtSecret(config: Config): Promise<AppConfig> {
  if (config.jwtSecret) return { ...config, jwtSecret: config.jwtSecret };
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return { ...config, jwtSecret: existing };
  if (existing === '') {
    throw new Error(
      `${file} holds no usable secret (32 characters or more): delete it to have one generated`,
    );
  }

  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process created the file meanwhile, use theirs rather than overwrite it.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { ...config, jwtSecret: secret };
  } catch (error) {
    const raced = await readSecret(file);
    if (raced) return { ...config, jwtSecret: raced };
    throw error;
  }
}

/** The secret; '' when the file exists but is unusable; null when there is no file. */
async function readSecret(file: string): Promise<string | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text.length >= 32 ? text : '';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
