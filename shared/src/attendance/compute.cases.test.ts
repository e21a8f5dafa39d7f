/// <reference types="node" />
// The worked cases of the design folder (attendance-cases.json), each compared in full: every day's
// figures and every total. A copy of the design folder's file lives beside this test, so a clone of
// the repository alone runs it (issue 39); it is read at test time so a new case needs no code change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeAttendance } from './compute.ts';
import { ZAttendanceInput } from './input.ts';
import { ZAttendanceResult } from './schema.ts';

const casesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'attendance-cases.json');

const ZCases = z.array(z.object({ name: z.string(), input: ZAttendanceInput, expected: ZAttendanceResult }));

function loadCases() {
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
