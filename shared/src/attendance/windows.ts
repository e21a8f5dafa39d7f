// The windows of a tab's settings, laid once per call on the two-day axis (minutes 0–2879: the day,
// then the next day until its end). Every minute gets exactly one class, so a day's figures are
// differences of running counts and `total = basic + early + over + night` holds by construction.
// The axis is kept as runs (stretches of one class between the settings' edges), a few dozen of them,
// rather than 2880 minutes: laying them costs a sort of their edges, reading one a short search.
import type { MinutePeriod, ParsedSettings } from './month.ts';
import { MINUTES_PER_DAY } from './time.ts';

export const AXIS_MINUTES = 2 * MINUTES_PER_DAY;

const BASIC = 0;
const EARLY = 1;
const OVER = 2;
const NIGHT = 3;
const BREAK = 4;
const CLASSES = 4;

/** Runs of the axis: run i covers [starts[i], starts[i + 1]) in class kinds[i]. */
export interface MinuteWindows {
  count: number;
  starts: Int32Array;
  kinds: Uint8Array;
  /** Worked minutes of class c in [0, starts[i]) at `running[i * 4 + c]`. */
  running: Int32Array;
}

// At most 2 edges a day for each of the four windows, lunch and five breaks, plus the day edges.
const MAX_EDGES = 64;
// One set of buffers for every call: the calculation is synchronous and keeps none of them in its
// result, so nothing is allocated to lay the windows.
const edges = new Int32Array(MAX_EDGES);
const windows: MinuteWindows = {
  count: 0,
  starts: new Int32Array(MAX_EDGES + 1),
  kinds: new Uint8Array(MAX_EDGES + 1),
  running: new Int32Array((MAX_EDGES + 1) * CLASSES),
};

function contains(period: MinutePeriod, t: number): boolean {
  const { start, end } = period;
  if (start < end) return start <= t && t < end;
  return start > end && (t >= start || t < end);
}

/**
 * The class of a time of day, by precedence: breaks are not worked at all; then the night window, the
 * basic window, the early window, the overtime window; minutes in no window are early before the start
 * of work and overtime from it on. Settings are times of day, so the next morning classes like this
 * morning: before work it is early, which is what the rules' `early − (PL − PLN)` presumes.
 */
function classAt(s: ParsedSettings, basic: MinutePeriod, t: number): number {
  for (const period of s.breaks) if (contains(period, t)) return BREAK;
  if (contains(s.night, t)) return NIGHT;
  if (contains(basic, t)) return BASIC;
  if (contains(s.early, t)) return EARLY;
  if (contains(s.overtime, t)) return OVER;
  return t < s.workStart ? EARLY : OVER;
}

function addEdges(at: number, period: MinutePeriod): number {
  edges[at] = period.start;
  edges[at + 1] = period.end;
  edges[at + 2] = period.start + MINUTES_PER_DAY;
  edges[at + 3] = period.end + MINUTES_PER_DAY;
  return at + 4;
}

export function layWindows(settings: ParsedSettings): MinuteWindows {
  const basic: MinutePeriod = { start: settings.workStart, end: settings.workEnd };
  let n = 0;
  edges[n++] = 0;
  edges[n++] = MINUTES_PER_DAY;
  n = addEdges(n, basic);
  n = addEdges(n, settings.early);
  n = addEdges(n, settings.overtime);
  n = addEdges(n, settings.night);
  for (const period of settings.breaks) n = addEdges(n, period);
  const sorted = edges.subarray(0, n).sort();

  const { starts, kinds, running } = windows;
  let runs = 0;
  for (let i = 0; i < n; i++) {
    const edge = sorted[i] ?? 0;
    if (edge >= AXIS_MINUTES || (runs > 0 && edge === starts[runs - 1])) continue;
    starts[runs] = edge;
    kinds[runs] = classAt(settings, basic, edge % MINUTES_PER_DAY);
    runs++;
  }
  starts[runs] = AXIS_MINUTES;
  for (let c = 0; c < CLASSES; c++) running[c] = 0;
  for (let i = 0; i < runs; i++) {
    const length = (starts[i + 1] ?? 0) - (starts[i] ?? 0);
    const kind = kinds[i] ?? BREAK;
    for (let c = 0; c < CLASSES; c++) {
      running[(i + 1) * CLASSES + c] = (running[i * CLASSES + c] ?? 0) + (kind === c ? length : 0);
    }
  }
  windows.count = runs;
  return windows;
}

/** The run holding minute `x` (0 ≤ x ≤ 2880; 2880 gives the end). */
function runAt(w: MinuteWindows, x: number): number {
  let low = 0;
  let high = w.count;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((w.starts[mid] ?? 0) <= x) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Worked minutes of class c in [0, x), x inside run i. */
function before(w: MinuteWindows, c: number, x: number, i: number): number {
  const inRun = w.kinds[i] === c ? x - (w.starts[i] ?? 0) : 0;
  return (w.running[i * CLASSES + c] ?? 0) + inRun;
}

/** A span's worked minutes by class, written into a reused object. */
export interface ClassMinutes {
  basic: number;
  early: number;
  over: number;
  night: number;
}

/** Sets `into` to the worked minutes of each class in [from, to). */
export function tally(w: MinuteWindows, from: number, to: number, into: ClassMinutes): ClassMinutes {
  const i = runAt(w, from);
  const j = runAt(w, to);
  into.basic = before(w, BASIC, to, j) - before(w, BASIC, from, i);
  into.early = before(w, EARLY, to, j) - before(w, EARLY, from, i);
  into.over = before(w, OVER, to, j) - before(w, OVER, from, i);
  into.night = before(w, NIGHT, to, j) - before(w, NIGHT, from, i);
  return into;
}

const scratch: ClassMinutes = { basic: 0, early: 0, over: 0, night: 0 };

/** Worked minutes (any class but break) in [from, to). */
export function workedMinutes(w: MinuteWindows, from: number, to: number): number {
  const t = tally(w, from, to, scratch);
  return t.basic + t.early + t.over + t.night;
}
