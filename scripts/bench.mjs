#!/usr/bin/env node
// `npm run bench`: runs every benchmark in tests/bench/*.bench.ts, one after another (they measure
// speed, so they never share the machine with each other). `npm run bench -- routes` runs those whose
// file name starts with "routes"; the words after the names are the benchmarks' own options
// (`npm run bench -- scale 50000 --surge 2000`). Benchmarks print their figures; they are not tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'tests/bench');
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const args = process.argv.slice(2);
// The leading words that name benchmarks; the first that names none starts the options.
const firstOption = args.findIndex((word) => !all.some((f) => f.startsWith(word)));
const wanted = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const files = all.filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));
if (files.length === 0) {
  console.error(`No benchmark matches ${wanted.join(' ')}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(dir, file), ...options],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
