// Monthly attendance calls (spec §7.5, §7.8 expense/attendance; contracts/attendance.ts). Submission
// goes through the workflow engine: tasks.submit to the 勤怠報告 workflow.
import { ZAttendanceDetailsQuery, ZAttendanceEmployeeListQuery } from '@portal/shared/contracts/attendance';
import { attendance } from '@portal/shared/endpoints/attendance';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route, SENT } from '../../http/route.ts';
import { parseId } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import { parseYearMonth } from '../calendar/year-month.ts';
import { listAttendanceEmployees } from './employee-list.ts';
import { sendExport } from './exports.ts';
import { getMyMonth, saveMyDraft } from './my-month.ts';
import { correctReport, downloadTimesheet, getCorrection, getReport, getReportDetails } from './reports.ts';

const month = { params: ({ year, month }: { year: string; month: string }) => parseYearMonth(year, month) };

// The writes hand the body to the services as sent: they parse it after their checks.
export const attendanceModule = moduleOf('attendance', attendance, (deps) => {
  const on = endpointRouter(deps);

  route(on, attendance.month, month, ({ ctx, params }) => getMyMonth({ ctx, input: params }));
  route(on, attendance.saveDraft, month, ({ ctx, params, body }) =>
    saveMyDraft({ ctx, input: { ...params, body } }),
  );

  route(on, attendance.employees, { query: ZAttendanceEmployeeListQuery }, async ({ ctx, query, req }) => {
    const page = await listAttendanceEmployees({ ctx, input: query });
    const filters = {
      year: String(query.year),
      month: String(query.month),
      organization: query.organization === undefined ? undefined : String(query.organization),
      query: query.query,
    };
    return pageEnvelope(req, { number: query.page, ...page, filters });
  });

  route(on, attendance.details, { query: ZAttendanceDetailsQuery }, ({ ctx, params, query }) => {
    // A version that is no number names nothing: 404, like a bad id.
    const version = query.version === undefined ? undefined : parseId(query.version);
    return getReportDetails({ ctx, input: { taskId: params.id, version } });
  });
  route(on, attendance.timesheet, {}, ({ ctx, params }) =>
    downloadTimesheet({ ctx, input: { taskId: params.id } }),
  );
  route(on, attendance.correction, {}, ({ ctx, params }) =>
    getCorrection({ ctx, input: { taskId: params.id } }),
  );
  route(on, attendance.correct, {}, ({ ctx, params, body }) =>
    correctReport({ ctx, input: { taskId: params.id, body } }),
  );

  route(on, attendance.monthXlsx, month, async ({ ctx, params, res }) => {
    await sendExport(res, { ctx, kind: 'my-xlsx', ...params });
    return SENT;
  });
  route(on, attendance.monthPdf, month, async ({ ctx, params, res }) => {
    await sendExport(res, { ctx, kind: 'my-pdf', ...params });
    return SENT;
  });
  route(on, attendance.reportPdf, {}, async ({ ctx, params, res }) => {
    await sendExport(res, { ctx, kind: 'report-pdf', taskId: params.id });
    return SENT;
  });
  route(on, attendance.payrollXlsx, month, async ({ ctx, params, res }) => {
    await sendExport(res, { ctx, kind: 'payroll-xlsx', ...params });
    return SENT;
  });

  // Last, so the specific paths above come first.
  route(on, attendance.report, {}, ({ ctx, params }) => getReport({ ctx, input: { taskId: params.id } }));
  return on.router;
});
