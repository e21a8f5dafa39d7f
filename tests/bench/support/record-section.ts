// Writes a benchmark's figures into its section of docs/benchmarks.md: the section (from its `## `
// heading to the next) is replaced, the hand-written subsections after the figures (`### …`, the
// findings) are kept, a new section goes at the end, and the file is formatted as prettier would.
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';

const FILE = path.resolve(import.meta.dirname, '../../../docs/benchmarks.md');

/** `section` starts with its heading line, which names it. */
export async function recordSection(section: string): Promise<void> {
  const heading = section.slice(0, section.indexOf('\n'));
  if (!heading.startsWith('## '))
    throw new Error('recordSection: the section must start with its ## heading');
  const text = await readFile(FILE, 'utf8');
  const start = text.indexOf(`${heading}\n`);
  let next = start < 0 ? -1 : text.indexOf('\n## ', start + heading.length);
  if (next >= 0) next += 1;
  const old = start < 0 ? '' : text.slice(start, next >= 0 ? next : undefined);
  const notesAt = old.indexOf('\n### ');
  const notes = notesAt < 0 ? '' : `${old.slice(notesAt + 1).trimEnd()}\n`;
  const body = section.trimEnd() + '\n';
  const updated =
    start < 0
      ? `${text.trimEnd()}\n\n${body}`
      : `${text.slice(0, start)}${body}${notes ? `\n${notes}` : ''}${next >= 0 ? `\n${text.slice(next)}` : ''}`;
  const options = { ...(await prettier.resolveConfig(FILE)), filepath: FILE };
  await writeFile(FILE, await prettier.format(updated, options));
}

/** The machine line every section gives with its date: cores and load average. */
export function machineLine(): string {
  return `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`;
}
