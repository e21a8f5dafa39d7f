// The calculation's input with its checks across fields (calendar coverage, dates inside the month,
// one record a date, the windows' order). They are the calculation's own (month.ts), so the schema and
// computeAttendance never disagree; apart from schema.ts because month.ts reads schema.ts's types.
import { AttendanceInputError } from './errors.ts';
import { prepareMonth } from './month.ts';
import { ZAttendanceInputFields } from './schema.ts';

export const ZAttendanceInput = ZAttendanceInputFields.superRefine(
  (input, ctx) => {
    try {
      prepareMonth(input);
    } catch (err) {
      if (!(err instanceof AttendanceInputError)) throw err;
      ctx.addIssue({
        code: 'custom',
        path: [...err.path],
        message: err.message,
        params: { code: err.code },
      });
    }
  },
  // Field errors already name what is wrong; the calculation's check would only repeat the first.
  { when: (payload) => payload.issues.length === 0 },
);
