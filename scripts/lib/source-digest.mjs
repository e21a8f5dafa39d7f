// A digest of the sources a build depends on: every file's name, size and modification time (to the
// millisecond: a copy or a restore keeps no finer), so a start builds only when something changed
// since the last build. Used by the web build and the API build, each with its own list of sources.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function* files(entry) {
  if (!existsSync(entry)) return;
  if (!statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** The digest of `sources` (files or folders relative to `root`). */
export function digestOfSources(root, sources) {
  const hash = createHash('sha256');
  for (const source of sources)
    for (const file of files(path.join(root, source))) {
      const { size, mtimeMs } = statSync(file);
      hash.update(`${path.relative(root, file)}\0${size}\0${Math.trunc(mtimeMs)}\n`);
    }
  return hash.digest('hex');
}
