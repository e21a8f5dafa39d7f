// The slips module (spec §7.6 payment-slip/, withholding/; §7.8 expense upload/, upload-history/,
// resend/): the employee's own slips (slips.service.ts decides who sees one), their consent to
// electronic delivery, and HR's issuing (issue-upload.ts), history and publication changes.
import { ZSlipListQuery } from '@portal/shared/contracts/slips';
import {
  ZConsentListQuery,
  ZIssuedSlipQuery,
  ZUploadDetailQuery,
  ZUploadHistoryQuery,
  UPLOAD_KINDS,
} from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { z } from 'zod';
import { moduleOf } from '../../api-module.ts';
import { NotFound } from '../../errors.ts';
import { sendFile } from '../../files/download.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import { answerConsent, consentNotice, listConsents, myConsents } from './consent.ts';
import { checkUpload, issueUpload, uploadTemplate } from './issue-upload.ts';
import { listIssuedSlips } from './issued-slips.ts';
import { paymentSlipPdf, withholdingSlipPdf } from './slip-pdf.ts';
import {
  listPaymentSlips,
  listWithholdingSlips,
  readPaymentSlip,
  readWithholdingSlip,
} from './slips.service.ts';
import { changePublication, resendUpload, withdrawUpload } from './upload-actions.ts';
import { listUploads, readUpload, uploadPaperPdf } from './upload-history.ts';

const ZTemplateQuery = z.object({ kind: z.optional(z.enum(UPLOAD_KINDS)) });

/** A document named in the path: payment or withholding, else nothing (404). */
function documentOf({ document }: { document: string }) {
  if (document !== 'payment' && document !== 'withholding') throw new NotFound();
  return { document: document as 'payment' | 'withholding' };
}

function filtersOf(query: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([key, value]) => key !== 'page' && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

export const slipsModule = moduleOf('slips', slips, (deps) => {
  const on = endpointRouter(deps);

  route(on, slips.getPaymentSlip, { query: ZSlipListQuery }, async ({ ctx, query, req }) =>
    pageEnvelope(req, {
      number: query.page,
      filters: filtersOf(query),
      ...(await listPaymentSlips({ ctx, input: query })),
    }),
  );
  route(on, slips.getPaymentSlipOne, {}, ({ ctx, params, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return readPaymentSlip({ ctx, input: { id: params.id, action: 'view' } });
  });
  route(on, slips.getPaymentSlipPdf, {}, async ({ ctx, params, res }) => {
    const slip = await readPaymentSlip({ ctx, input: { id: params.id, action: 'download' } });
    const month = String(slip.month).padStart(2, '0');
    return sendFile(res, {
      body: await paymentSlipPdf(slip),
      type: 'application/pdf',
      filename: `給与明細_${slip.year}${month}_${slip.employee.code}.pdf`,
      private: true,
    });
  });
  route(on, slips.getWithholding, { query: ZSlipListQuery }, async ({ ctx, query, req }) =>
    pageEnvelope(req, {
      number: query.page,
      filters: filtersOf(query),
      ...(await listWithholdingSlips({ ctx, input: query })),
    }),
  );
  route(on, slips.getWithholdingOne, {}, ({ ctx, params, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return readWithholdingSlip({ ctx, input: { id: params.id, action: 'view' } });
  });
  route(on, slips.getWithholdingPdf, {}, async ({ ctx, params, res }) => {
    const slip = await readWithholdingSlip({ ctx, input: { id: params.id, action: 'download' } });
    return sendFile(res, {
      body: await withholdingSlipPdf(slip),
      type: 'application/pdf',
      filename: `源泉徴収票_${slip.year}_${slip.employee.code}.pdf`,
      private: true,
    });
  });

  route(on, slips.myConsents, {}, ({ ctx }) => myConsents({ ctx }));
  route(on, slips.answerConsent, { params: documentOf }, ({ ctx, params, body }) =>
    answerConsent({ ctx, input: { document: params.document, body } }),
  );

  route(on, slips.checkUpload, {}, ({ ctx, body }) => checkUpload({ ctx, input: body }));
  route(on, slips.issueUpload, { status: 201 }, ({ ctx, body }) =>
    issueUpload({ ctx, input: body, publicUrl: deps.config.publicUrl }),
  );
  route(on, slips.uploadTemplate, { query: ZTemplateQuery }, async ({ ctx, query, res }) => {
    return sendFile(res, await uploadTemplate({ ctx, input: { kind: query.kind ?? 'salary' } }));
  });
  route(on, slips.resend, {}, ({ ctx, body }) =>
    resendUpload({ ctx, input: body, publicUrl: deps.config.publicUrl }),
  );
  route(on, slips.changePublication, {}, ({ ctx, params, body }) =>
    changePublication({ ctx, input: { id: params.id, body } }),
  );
  // No body: anything sent is refused (400) rather than taken as a withdrawal.
  route(on, slips.withdrawUpload, { body: z.strictObject({}) }, ({ ctx, params }) =>
    withdrawUpload({ ctx, input: { id: params.id } }),
  );
  route(on, slips.consentNotice, {}, ({ ctx, body }) => consentNotice({ ctx, input: body }));

  route(on, slips.uploadHistory, { query: ZUploadHistoryQuery }, async ({ ctx, query, req }) =>
    pageEnvelope(req, {
      number: query.page,
      filters: filtersOf(query),
      ...(await listUploads({ ctx, input: query })),
    }),
  );
  route(on, slips.uploadHistoryOne, { query: ZUploadDetailQuery }, ({ ctx, params, query }) =>
    readUpload({ ctx, input: { id: params.id, ...query } }),
  );
  route(on, slips.uploadPaperPdf, {}, async ({ ctx, params, res }) => {
    return sendFile(res, await uploadPaperPdf({ ctx, input: { id: params.id } }));
  });
  route(on, slips.issuedPaymentSlips, { query: ZIssuedSlipQuery }, async ({ ctx, query, req }) =>
    pageEnvelope(req, {
      number: query.page,
      filters: filtersOf(query),
      ...(await listIssuedSlips({ ctx, input: { ...query, document: 'payment' } })),
    }),
  );
  route(on, slips.issuedWithholdingSlips, { query: ZIssuedSlipQuery }, async ({ ctx, query, req }) =>
    pageEnvelope(req, {
      number: query.page,
      filters: filtersOf(query),
      ...(await listIssuedSlips({ ctx, input: { ...query, document: 'withholding' } })),
    }),
  );
  route(on, slips.consents, { query: ZConsentListQuery }, async ({ ctx, query, req }) =>
    pageEnvelope(req, {
      number: query.page,
      filters: filtersOf(query),
      ...(await listConsents({ ctx, input: query })),
    }),
  );
  return on.router;
});
