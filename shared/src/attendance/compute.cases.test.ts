/// <reference types="node" />
// The worked cases of the design folder (attendance-cases.json), each compared in full: every day's
// figures and every total. The file sits in the shared design folder beside the repository, where
// developers and CI have it; it is read at test time so a new case needs no code change.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeAttendance } from './compute.ts';
import { ZAttendanceInput } from './input.ts';
import { ZAttendanceResult } from './schema.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const casesFile = path.resolve(repoRoot, '../shared/design/attendance-cases.json');

const ZCases = z.array(z.object({ name: z.string(), input: ZAttendanceInput, expected: ZAttendanceResult }));

function loadCases() {
  if (!existsSync(casesFile)) {
    throw new Error(
      `attendance-cases.json not found at ${casesFile} (the shared folder sits beside the repository)`,
    );
  }
  return ZCases.parse(JSON.parse(readFileSync(casesFile, 'utf8')));
}

const cases = loadCases();

describe('computeAttendance on the worked cases of attendance-cases.json', () => {
  it('finds the worked cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(27);
  });

  it.each(cases)('computes "$name" exactly as worked out', ({ input, expected }) => {
    expect(computeAttendance(input)).toStrictEqual(expected);
  });
});
