// Monthly attendance calls (spec §7.5, §7.8 expense/attendance; contracts/attendance.ts). Submission
// goes through the workflow engine: POST task/workflows/{id}/form/ to the 勤怠報告 workflow.
import { Router, type RequestHandler } from 'express';
import { ZAttendanceEmployeeListQuery } from '@portal/shared/contracts/attendance';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseId, parseQuery } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import { parseYearMonth } from '../calendar/year-month.ts';
import { listAttendanceEmployees } from './employee-list.ts';
import { sendExport } from './exports.ts';
import { getMyMonth, saveMyDraft } from './my-month.ts';
import { correctReport, downloadTimesheet, getCorrection, getReport, getReportDetails } from './reports.ts';

function versionOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  return parseId(typeof value === 'string' ? value : undefined);
}

export const attendanceModule: ApiModule = {
  name: 'attendance',
  prefixes: ['/attendance/', '/expense/attendance/'],
  router: attendanceRouter,
};

function attendanceRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/attendance/year/:year/month/:month')
    .get(requireAuth, async (req, res) => {
      const input = parseYearMonth(req.params.year, req.params.month);
      res.json(await getMyMonth({ ctx: contextOf(req), input }));
    })
    .put(requireAuth, async (req, res) => {
      const month = parseYearMonth(req.params.year, req.params.month);
      res.json(await saveMyDraft({ ctx: contextOf(req), input: { ...month, body: req.body } }));
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/employees')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZAttendanceEmployeeListQuery, req);
      const page = await listAttendanceEmployees({ ctx: contextOf(req), input });
      res.json(
        pageEnvelope(req, {
          number: input.page,
          ...page,
          filters: {
            year: String(input.year),
            month: String(input.month),
            organization: input.organization === undefined ? undefined : String(input.organization),
            query: input.query,
          },
        }),
      );
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/tasks/details/:id')
    .get(requireAuth, async (req, res) => {
      const input = { taskId: parseId(req.params.id), version: versionOf(req.query.version) };
      res.json(await getReportDetails({ ctx: contextOf(req), input }));
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/tasks/details/:id/file')
    .get(requireAuth, async (req, res) => {
      res.json(await downloadTimesheet({ ctx: contextOf(req), input: { taskId: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/tasks/modify-details/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await getCorrection({ ctx: contextOf(req), input: { taskId: parseId(req.params.id) } }));
    })
    .put(requireAuth, async (req, res) => {
      const input = { taskId: parseId(req.params.id), body: req.body as unknown };
      res.json(await correctReport({ ctx: contextOf(req), input }));
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/download/:year/:month')
    .get(requireAuth, async (req, res) => {
      const month = parseYearMonth(req.params.year, req.params.month);
      await sendExport(res, { ctx: contextOf(req), kind: 'my-xlsx', ...month });
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/pdf/:year/:month')
    .get(requireAuth, async (req, res) => {
      const month = parseYearMonth(req.params.year, req.params.month);
      await sendExport(res, { ctx: contextOf(req), kind: 'my-pdf', ...month });
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/tasks/pdf/:id')
    .get(requireAuth, async (req, res) => {
      await sendExport(res, { ctx: contextOf(req), kind: 'report-pdf', taskId: parseId(req.params.id) });
    })
    .all(methodNotAllowed);

  router
    .route('/expense/attendance/year/:year/month/:month')
    .get(requireAuth, async (req, res) => {
      const month = parseYearMonth(req.params.year, req.params.month);
      await sendExport(res, { ctx: contextOf(req), kind: 'payroll-xlsx', ...month });
    })
    .all(methodNotAllowed);

  // Last: attendance/{id}/ would otherwise shadow nothing, but keeps the specific paths first.
  router
    .route('/attendance/:id')
    .get(requireAuth, async (req, res) => {
      res.json(await getReport({ ctx: contextOf(req), input: { taskId: parseId(req.params.id) } }));
    })
    .all(methodNotAllowed);

  return router;
}
