import { z } from 'zod';
import {
  PAID_LEAVE_REGISTER_XLSX_TYPE,
  ZLeaveOwnerQuery,
  ZObligationAtRisk,
  ZPaidLeaveEndDate,
  ZPaidLeaveRegisterQuery,
  ZPaidLeaveStatus,
  ZPaidLeaveYear,
  ZVacation,
} from '@portal/shared/contracts/vacations';
import { vacations } from '@portal/shared/endpoints/vacations';
import { moduleOf } from '../../api-module.ts';
import { PERM } from '@portal/shared/permissions';
import { endpointRouter, route } from '../../http/route.ts';
import { sendFile } from '../../files/download.ts';
import { employeeRegister, organizationName, registerRows, registerWorkbook } from './paid-leave-register.ts';
import { registerPdf } from './paid-leave-register-pdf.ts';
import { logExport, logRead } from '../access-log/log-access.ts';
import { parseId } from '../../middleware/validate.ts';
import { NotFound } from '../../errors.ts';
import { MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import { tokyoDate } from '../../dates.ts';
import { obligationsAtRisk } from './obligation.ts';
import { paidLeaveYear } from './paid-leave-year.ts';
import {
  leaveOwner,
  listEmployeeVacations,
  myPaidLeave,
  myPaidLeaveEndDate,
  myVacations,
} from './vacations.service.ts';

function yearMonth(year: string | string[] | undefined, month: string | string[] | undefined) {
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = typeof month === 'string' && /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  if (!(y >= 1900 && m >= 1 && m <= 12)) throw new NotFound();
  return { year: y, month: m };
}

/** A year in the path names nothing unless it has four digits (1900 on): 404 like a bad id. */
function yearOf(year: string | string[] | undefined): number {
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : NaN;
  if (!(y >= 1900)) throw new NotFound();
  return y;
}

export const vacationsModule = moduleOf('vacations', vacations, (deps) => {
  const on = endpointRouter(deps);
  const query = ZLeaveOwnerQuery;
  const answer = z.array(ZVacation);
  const employeeMonth = ({ code, year, month }: { code: string; year: string; month: string }) => {
    if (code.length > 20) throw new NotFound();
    return { code, ...yearMonth(year, month) };
  };
  route(on, vacations.employeeMonth, { params: employeeMonth, answer }, ({ ctx, params }) =>
    listEmployeeVacations({ ctx, input: params }),
  );
  route(on, vacations.mine, { query, answer }, ({ ctx, query: { employee } }) =>
    myVacations({ ctx, input: { employee } }),
  );
  route(
    on,
    vacations.mineInYear,
    { params: ({ year }) => ({ year: yearOf(year) }), query, answer },
    ({ ctx, params, query: { employee } }) => myVacations({ ctx, input: { employee, year: params.year } }),
  );
  route(
    on,
    vacations.mineInMonth,
    { params: ({ year, month }) => yearMonth(year, month), query, answer },
    ({ ctx, params, query: { employee } }) => myVacations({ ctx, input: { employee, ...params } }),
  );
  route(on, vacations.paidLeaveStatus, { query, answer: ZPaidLeaveStatus }, ({ ctx, query: { employee } }) =>
    myPaidLeave({ ctx, input: { employee } }),
  );
  route(
    on,
    vacations.paidLeaveEndDate,
    { query, answer: ZPaidLeaveEndDate },
    ({ ctx, query: { employee } }) => myPaidLeaveEndDate({ ctx, input: { employee } }),
  );
  route(on, vacations.register, { query: ZPaidLeaveRegisterQuery }, async ({ ctx, query, res }) => {
    await ctx.require(PERM.viewEmployee);
    const name = await organizationName(ctx.db, query.organization);
    const rows = await registerRows(ctx.db, query.year, query.organization);
    const body = await registerWorkbook(query.year, name, rows);
    await logExport(ctx, {
      action: 'download',
      kind: 'leave_register',
      subjects: rows.map((row) => row.employee_id),
      recordId: `${query.year}/${query.organization}`,
    });
    return sendFile(res, {
      body,
      type: PAID_LEAVE_REGISTER_XLSX_TYPE,
      filename: `年次有給休暇管理簿_${query.year}_${name}.xlsx`,
    });
  });
  route(
    on,
    vacations.registerPdf,
    { params: ({ id }) => ({ id: parseId(id) }), query: ZPaidLeaveRegisterQuery.pick({ year: true }) },
    async ({ ctx, params, query, res }) => {
      await ctx.require(PERM.viewEmployee);
      const rows = await employeeRegister(ctx.db, params.id, query.year);
      const body = await registerPdf(query.year, rows);
      await logRead(ctx, {
        action: 'download',
        kind: 'leave_register',
        subject: params.id,
        recordId: query.year,
      });
      return sendFile(res, {
        body,
        type: 'application/pdf',
        filename: `年次有給休暇管理簿_${query.year}_${rows[0]!.code}.pdf`,
      });
    },
  );
  route(
    on,
    vacations.paidLeaveYear,
    { params: ({ year }) => ({ year: yearOf(year) }), query, answer: ZPaidLeaveYear },
    ({ ctx, params, query: { employee } }) => paidLeaveYear({ ctx, input: { employee, year: params.year } }),
  );
  // The caller's own register: HR's workbook and PDF scoped to them. Reading one's own record writes no
  // access-log row (log-access.ts), so these log nothing.
  const ownRegister = async (ctx: RequestContext, year: number) => {
    const owner = await leaveOwner(ctx, undefined, MSG.paidLeaveUnavailable);
    return employeeRegister(ctx.db, owner.id, year);
  };
  route(
    on,
    vacations.myRegister,
    { params: ({ year }) => ({ year: yearOf(year) }) },
    async ({ ctx, params: { year }, res }) => {
      const rows = await ownRegister(ctx, year);
      return sendFile(res, {
        body: await registerWorkbook(year, rows[0]!.name, rows),
        type: PAID_LEAVE_REGISTER_XLSX_TYPE,
        filename: `年次有給休暇管理簿_${year}_${rows[0]!.code}.xlsx`,
      });
    },
  );
  route(
    on,
    vacations.myRegisterPdf,
    { params: ({ year }) => ({ year: yearOf(year) }) },
    async ({ ctx, params: { year }, res }) => {
      const rows = await ownRegister(ctx, year);
      return sendFile(res, {
        body: await registerPdf(year, rows),
        type: 'application/pdf',
        filename: `年次有給休暇管理簿_${year}_${rows[0]!.code}.pdf`,
      });
    },
  );
  route(on, vacations.obligationAtRisk, { answer: z.array(ZObligationAtRisk) }, async ({ ctx }) => {
    await ctx.require(PERM.viewEmployee);
    const today = tokyoDate();
    const list = await obligationsAtRisk(ctx.db, today);
    // The list names whose leave falls short, with their head: a read of many, logged like the register
    // (an empty list read no one's record).
    if (list.length > 0)
      await logExport(ctx, {
        action: 'view',
        kind: 'leave_obligation',
        subjects: list.map((p) => p.employee_id),
        recordId: today,
      });
    return list.map((p) => ZObligationAtRisk.parse(p));
  });
  return on.router;
});
