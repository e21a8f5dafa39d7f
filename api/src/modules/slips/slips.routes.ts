// payment-slip/, payment-slip/{id}/, payment-slip/{id}/pdf/, withholding/, withholding/{id}/,
// withholding/{id}/pdf/: the caller's slips (slips.service.ts decides who sees one).
import { Router, type RequestHandler, type Response } from 'express';
import { ZSlipListQuery } from '@portal/shared/contracts/slips';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseId, parseQuery } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import { paymentSlipPdf, withholdingSlipPdf } from './slip-pdf.ts';
import {
  listPaymentSlips,
  listWithholdingSlips,
  readPaymentSlip,
  readWithholdingSlip,
} from './slips.service.ts';

export const slipsModule: ApiModule = {
  name: 'slips',
  prefixes: ['/payment-slip', '/withholding'],
  router: slipsRouter,
};

function sendPdf(res: Response, body: Buffer, filename: string) {
  res.setHeader('Content-Type', 'application/pdf');
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
  );
  res.setHeader('Cache-Control', 'no-store');
  res.send(body);
}

function slipsRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/payment-slip')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZSlipListQuery, req);
      const page = await listPaymentSlips({ ctx: contextOf(req), input });
      const filters = {
        year: input.year === undefined ? undefined : String(input.year),
        employee: input.employee === undefined ? undefined : String(input.employee),
      };
      res.json(pageEnvelope(req, { number: input.page, filters, ...page }));
    })
    .all(methodNotAllowed);

  router
    .route('/payment-slip/:id')
    .get(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await readPaymentSlip({ ctx: contextOf(req), input: { id, action: 'view' } }));
    })
    .all(methodNotAllowed);

  router
    .route('/payment-slip/:id/pdf')
    .get(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      const slip = await readPaymentSlip({ ctx: contextOf(req), input: { id, action: 'download' } });
      const month = String(slip.month).padStart(2, '0');
      sendPdf(res, await paymentSlipPdf(slip), `給与明細_${slip.year}${month}_${slip.employee.code}.pdf`);
    })
    .all(methodNotAllowed);

  router
    .route('/withholding')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZSlipListQuery, req);
      const page = await listWithholdingSlips({ ctx: contextOf(req), input });
      const filters = {
        year: input.year === undefined ? undefined : String(input.year),
        employee: input.employee === undefined ? undefined : String(input.employee),
      };
      res.json(pageEnvelope(req, { number: input.page, filters, ...page }));
    })
    .all(methodNotAllowed);

  router
    .route('/withholding/:id')
    .get(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await readWithholdingSlip({ ctx: contextOf(req), input: { id, action: 'view' } }));
    })
    .all(methodNotAllowed);

  router
    .route('/withholding/:id/pdf')
    .get(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      const slip = await readWithholdingSlip({ ctx: contextOf(req), input: { id, action: 'download' } });
      sendPdf(res, await withholdingSlipPdf(slip), `源泉徴収票_${slip.year}_${slip.employee.code}.pdf`);
    })
    .all(methodNotAllowed);

  return router;
}
