// Speed of the attendance calculation the form runs on every change: a 31-day month (July 2025) with
// both tabs filled the way the form fills them, computed per tab and merged. Target: median under
// 0.2 ms for both tabs plus the merge (issue "Monthly attendance").
import { performance } from 'node:perf_hooks';
import { computeAttendance } from '../../shared/src/attendance/compute.ts';
import {
  applyDayType,
  applyDefaultInput,
  applyLeavePeriods,
  lockHolidays,
} from '../../shared/src/attendance/form-rules.ts';
import { createAttendanceForm, type TAttendanceForm } from '../../shared/src/attendance/form-state.ts';
import {
  computeAttendanceTabs,
  mergedInput,
  type TAttendanceTabs,
} from '../../shared/src/attendance/merge.ts';
import type { TAttendanceCalendar, TAttendanceSettings } from '../../shared/src/attendance/schema.ts';

const TARGET_MS = 0.2;
const WARMUP = 2_000;
const RUNS = 20_000;
const YEAR = 2025;
const MONTH = 7;

function julyCalendar(): TAttendanceCalendar {
  const calendar: TAttendanceCalendar = {};
  for (let day = 1; day <= 31; day++) {
    const weekday = new Date(Date.UTC(YEAR, MONTH - 1, day)).getUTCDay();
    const date = `2025-07-${String(day).padStart(2, '0')}`;
    calendar[date] = weekday === 0 ? 'legal' : weekday === 6 || day === 21 ? 'nonlegal' : 'work';
  }
  calendar['2025-08-01'] = 'work';
  return calendar;
}

const inHouse: TAttendanceSettings = {
  work_start_time: '09:00',
  work_end_time: '18:00',
  lunch_start_time: '12:00',
  lunch_end_time: '13:00',
  breaks: [{ start: '15:00', end: '15:15' }],
  early_start: '05:00',
  early_end: '09:00',
  start_overtime: '18:00',
  end_overtime: '22:00',
  late_start: '22:00',
  late_end_time: '05:00',
};
const onSite: TAttendanceSettings = {
  ...inHouse,
  work_start_time: '09:30',
  work_end_time: '18:30',
  breaks: [
    { start: '10:30', end: '10:40' },
    { start: '15:00', end: '15:10' },
  ],
  early_end: '09:30',
  start_overtime: '18:30',
};

function setDay(
  form: TAttendanceForm,
  set: 'first' | 'second',
  day: number,
  type: string,
  start = '',
  end = '',
) {
  const contract = set === 'first' ? { start: '09:00', end: '18:00' } : { start: '09:30', end: '18:30' };
  const days = [...form[set]];
  const current = days[day - 1];
  if (!current) return form;
  const typed = applyDayType({ ...current, start, end }, type, contract, set);
  days[day - 1] = typed;
  return { ...form, [set]: days };
}

function realisticMonth(): TAttendanceTabs {
  const calendar = julyCalendar();
  let form = createAttendanceForm(YEAR, MONTH);
  form = lockHolidays(form, calendar);
  form = applyDefaultInput(form, 'first', calendar, { start: '09:00', end: '18:00' });
  form = applyLeavePeriods(
    form,
    [
      {
        category: '01',
        start_date: '2025-07-10',
        end_date: '2025-07-11',
        is_start_half: true,
        is_end_half: false,
      },
    ],
    calendar,
    { first: { start: '09:00', end: '18:00' }, second: { start: '09:30', end: '18:30' } },
  );
  // On-site afternoons after an in-house morning: the merged view joins both tabs' segments.
  for (const day of [2, 3, 15, 16, 17, 23, 24, 29, 30]) {
    form = setDay(form, 'first', day, '01', '08:45', '12:00');
    form = setDay(form, 'second', day, '01', '13:00', '20:40');
  }
  form = setDay(form, 'first', 4, '01', '09:00', '23:30');
  form = setDay(form, 'first', 7, '08', '10:20', '19:00');
  form = setDay(form, 'first', 8, '01', '07:30', '02:00');
  form = setDay(form, 'first', 12, '05', '18:00', '02:00');
  form = setDay(form, 'first', 14, '09', '09:00', '15:30');
  form = setDay(form, 'first', 18, '06', '09:00', '18:00');
  form = setDay(form, 'first', 19, '05', '09:00', '13:00');
  form = setDay(form, 'first', 22, '02');
  form = setDay(form, 'first', 25, '04');
  form = setDay(form, 'second', 28, '01', '09:30', '21:00');
  return {
    year: YEAR,
    month: MONTH,
    calendar,
    first: { settings: inHouse, days: form.first },
    second: { settings: onSite, days: form.second },
  };
}

function measure(label: string, run: () => unknown): number {
  for (let i = 0; i < WARMUP; i++) run();
  const times = new Float64Array(RUNS);
  let sink = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const result = run();
    times[i] = performance.now() - t0;
    if (result) sink++;
  }
  times.sort();
  const median = times[Math.floor(RUNS / 2)] ?? 0;
  const p95 = times[Math.floor(RUNS * 0.95)] ?? 0;
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(4)} ms   p95 ${p95.toFixed(4)} ms   (${sink} runs)`,
  );
  return median;
}

const tabs = realisticMonth();
const merged = mergedInput(tabs);
const check = computeAttendanceTabs(tabs);
const rejected = [check.first, check.second, check.merged].flatMap((r) => r.days.filter((d) => d.error));
console.log(
  `July 2025: ${check.first.days.length} in-house days, ${check.second.days.length} on-site days, ` +
    `${check.merged.days.length} merged days, ${rejected.length} rejected; merged total ` +
    `${check.merged.totals.total_work_time} min, overtime ${check.merged.totals.over_time} min`,
);

measure('computeAttendance, merged view only', () => computeAttendance(merged));
const median = measure('both tabs + merge (computeAttendanceTabs)', () => computeAttendanceTabs(tabs));
console.log(
  median < TARGET_MS
    ? `target met: median ${median.toFixed(4)} ms < ${TARGET_MS} ms for both tabs plus the merge`
    : `target MISSED: median ${median.toFixed(4)} ms ≥ ${TARGET_MS} ms for both tabs plus the merge`,
);
