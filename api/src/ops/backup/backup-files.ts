// The archives in BACKUP_DIR: their names carry the kind and the UTC time they were taken; the time
// that counts is the one in each archive's manifest (read from its first entry, so cheaply), so an
// archive renamed or copied under another name keeps its real age.
//   auto-20261125T030000Z.tar.gz            daily, subject to retention
//   pre-migration-20261125T030000Z.tar.gz   before a start applied migrations, kept until removed by hand
//   manual-20261125T030000Z.tar.gz          `npm run backup` without --out, kept until removed by hand
//   pre-restore-20261125T030000Z.tar.gz     what `restore --force` replaced, kept until removed by hand
//   pre-retention-20261125T030000Z.tar.gz   before `npm run retention` deleted, kept until removed by hand
// Each verified archive has `<name>.sha256` beside it (archive.ts) and an intact manifest; retention
// counts only those.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { readManifest, VERIFIED_SUFFIX } from './archive.ts';

export type BackupKind = 'auto' | 'pre-migration' | 'manual' | 'pre-restore' | 'pre-retention';

const NAME =
  /^(auto|pre-migration|manual|pre-restore|pre-retention)-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

export function archiveName(kind: BackupKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `${kind}-${stamp}.tar.gz`;
}

export interface ArchiveFile {
  readonly name: string;
  readonly kind: BackupKind;
  /** When it was taken: its manifest's createdAt once listArchives read it, else the time in its name. */
  readonly at: Date;
  /** Read back and checked when written (its .sha256 is there, its manifest intact); set by listArchives. */
  readonly verified?: boolean;
}

export function parseArchiveName(name: string): ArchiveFile | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, kind, y, mo, d, h, mi, s] = m;
  return { name, kind: kind as BackupKind, at: new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!)) };
}

/** The time in the manifest of a verified archive; null when that cannot be read (then it is not verified). */
async function manifestTime(file: string): Promise<Date | null> {
  try {
    const at = new Date((await readManifest(file)).createdAt);
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}

/**
 * The archives of `dir`, newest first ([] when the folder does not exist). A verified one is dated by
 * its manifest; one whose manifest cannot be read (truncated, edited) counts as not verified.
 */
export async function listArchives(dir: string): Promise<ArchiveFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const withSum = new Set(
    names.filter((n) => n.endsWith(VERIFIED_SUFFIX)).map((n) => n.slice(0, -VERIFIED_SUFFIX.length)),
  );
  const found: ArchiveFile[] = [];
  for (const archive of names.map(parseArchiveName)) {
    if (archive === null) continue;
    const at = withSum.has(archive.name) ? await manifestTime(path.join(dir, archive.name)) : null;
    found.push(at ? { ...archive, at, verified: true } : { ...archive, verified: false });
  }
  return found.sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
}

/** The newest verified archive of `dir` (null: none). */
export async function newestArchive(dir: string): Promise<string | null> {
  const [newest] = (await listArchives(dir)).filter((a) => a.verified);
  return newest ? path.join(dir, newest.name) : null;
}

/**
 * The archive to suggest restoring: the newest verified one, else the newest of any kind (one from
 * a release before verification, say), which is better than none; null when `dir` holds none.
 */
export async function archiveToRestore(dir: string): Promise<{ file: string; verified: boolean } | null> {
  const archives = await listArchives(dir);
  const best = archives.find((a) => a.verified) ?? archives[0];
  return best ? { file: path.join(dir, best.name), verified: best.verified === true } : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday of the ISO week (UTC) of `at`, as a day key. */
function weekKey({ at }: ArchiveFile): string {
  const monday = new Date(at);
  monday.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * restic's rule for --keep-daily D --keep-weekly W: the newest automatic archive of each of the last D
 * days that have one, and of each of the last W weeks that have one (one archive may count for both).
 * Only verified archives count (issue 33): an unverified one (written by a release before issue 33,
 * which could not always be restored) neither fills a day or week nor is removed here. Two guards
 * (finding 7): an archive dated after `now` (taken while the clock was wrong) counts for nothing and is
 * kept until its date comes, so it can neither push the real ones out nor be mistaken for today's; and
 * the newest verified archive is always kept, whatever the settings.
 */
export function archivesToKeep(
  archives: readonly ArchiveFile[],
  keep: { daily: number; weekly: number },
  now: Date = new Date(),
  isVerified: (archive: ArchiveFile) => boolean = (archive) => archive.verified !== false,
): Set<string> {
  const auto = archives.filter((a) => a.kind === 'auto').sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>(auto.filter((a) => a.at > now).map((a) => a.name));
  const counted = auto.filter((a) => a.at <= now && isVerified(a));
  if (counted[0]) kept.add(counted[0].name);
  const bucket = (key: (a: ArchiveFile) => string, count: number) => {
    const seen = new Set<string>();
    for (const archive of counted) {
      const k = key(archive);
      if (seen.has(k)) continue;
      if (seen.size === count) break;
      seen.add(k);
      kept.add(archive.name);
    }
  };
  bucket((a) => a.at.toISOString().slice(0, 10), keep.daily);
  bucket(weekKey, keep.weekly);
  return kept;
}

/** Whether a daily archive is due: no verified one in the last day; one dated in the future does not count. */
export function dailyBackupDue(archives: readonly ArchiveFile[], now: Date = new Date()): boolean {
  const newest = archives.find((a) => a.kind === 'auto' && a.verified !== false && a.at <= now);
  return !newest || now.getTime() - newest.at.getTime() >= DAY_MS;
}

/** Removes the automatic archives the retention does not keep; returns their names. */
export async function pruneArchives(
  dir: string,
  keep: { daily: number; weekly: number },
  now: Date = new Date(),
): Promise<string[]> {
  const archives = await listArchives(dir);
  const kept = archivesToKeep(archives, keep, now);
  const removed = archives
    .filter((a) => a.kind === 'auto' && a.verified && !kept.has(a.name))
    .map((a) => a.name);
  for (const name of removed) {
    await rm(path.join(dir, name), { force: true });
    await rm(path.join(dir, `${name}${VERIFIED_SUFFIX}`), { force: true });
  }
  return removed;
}
