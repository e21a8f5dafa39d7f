// The slips module's endpoints (api/src/modules/slips/). Types still to be named: see docs/structure.md.
import { endpoint, io } from './endpoint.ts';

export const slips = {
  getPaymentSlip: endpoint('get', '/api/payment-slip/', io<{ answer: unknown }>()),
  getPaymentSlipOne: endpoint('get', '/api/payment-slip/:id/', io<{ answer: unknown }>()),
  getPaymentSlipPdf: endpoint('get', '/api/payment-slip/:id/pdf/', io<{ answer: unknown }>()),
  getWithholding: endpoint('get', '/api/withholding/', io<{ answer: unknown }>()),
  getWithholdingOne: endpoint('get', '/api/withholding/:id/', io<{ answer: unknown }>()),
  getWithholdingPdf: endpoint('get', '/api/withholding/:id/pdf/', io<{ answer: unknown }>()),
} as const;
