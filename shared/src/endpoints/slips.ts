// The slips module's endpoints (api/src/modules/slips/): the employee's own payslips and withholding
// slips, and HR's issuing of them (issue 29, spec §7.8): upload check → issue, the upload history,
// resend, publication changes, the issued slips across employees, consent to electronic delivery.
import type { TPage } from '../contracts/pagination.ts';
import type {
  TPaymentSlip,
  TPaymentSlipRow,
  TWithholdingSlip,
  TWithholdingSlipRow,
} from '../contracts/slips.ts';
import type {
  TConsent,
  TConsentAnswer,
  TConsentListQuery,
  TConsentNotice,
  TConsentNoticeResult,
  TConsentRow,
  TIssuedSlipQuery,
  TIssuedSlipRow,
  TUploadCheck,
  TUploadDetailQuery,
  TUploadHistoryDetail,
  TUploadHistoryQuery,
  TUploadHistoryRow,
  TUploadIssue,
  TUploadKind,
  TUploadPreview,
  TUploadPublicationChange,
  TUploadResend,
  TUploadResendResult,
  TUploadResult,
} from '../contracts/uploads.ts';
import { PERM } from '../permissions.ts';
import { endpoint, io, type FileAnswer } from './endpoint.ts';

/** `?year=`, `?page=`, and for holders of the expense permissions `?employee=`. */
interface SlipListQuery {
  year?: number;
  page?: number;
  employee?: number;
}

const issue = { permission: PERM.addUploadHistory } as const;
const read = { permission: [PERM.viewUploadHistory, PERM.addUploadHistory] } as const;

export const slips = {
  // The employee's own slips (HR may name an employee).
  getPaymentSlip: endpoint(
    'get',
    '/api/payment-slip/',
    io<{ query: SlipListQuery; answer: TPage<TPaymentSlipRow> }>(),
  ),
  getPaymentSlipOne: endpoint('get', '/api/payment-slip/:id/', io<{ answer: TPaymentSlip }>()),
  /** The PDF (application/pdf). */
  getPaymentSlipPdf: endpoint('get', '/api/payment-slip/:id/pdf/', io<{ answer: FileAnswer }>()),
  getWithholding: endpoint(
    'get',
    '/api/withholding/',
    io<{ query: SlipListQuery; answer: TPage<TWithholdingSlipRow> }>(),
  ),
  getWithholdingOne: endpoint('get', '/api/withholding/:id/', io<{ answer: TWithholdingSlip }>()),
  getWithholdingPdf: endpoint('get', '/api/withholding/:id/pdf/', io<{ answer: FileAnswer }>()),

  // The employee's own consent to electronic delivery, per document.
  myConsents: endpoint('get', '/api/slip-consent/', io<{ answer: TConsent[] }>()),
  answerConsent: endpoint(
    'put',
    '/api/slip-consent/:document/',
    io<{ body: TConsentAnswer; answer: TConsent }>(),
  ),

  // Issuing (expense.add_uploadhistory).
  checkUpload: endpoint(
    'post',
    '/api/expense/upload/check/',
    io<{ body: TUploadCheck; answer: TUploadPreview }>(),
    issue,
  ),
  issueUpload: endpoint(
    'post',
    '/api/expense/upload/',
    io<{ body: TUploadIssue; answer: TUploadResult }>(),
    issue,
  ),
  /** The CSV template (UTF-8 with BOM) with the latest issue's items. */
  uploadTemplate: endpoint(
    'get',
    '/api/expense/upload/template/',
    io<{ query: { kind?: TUploadKind }; answer: FileAnswer }>(),
    issue,
  ),
  resend: endpoint(
    'post',
    '/api/expense/resend/',
    io<{ body: TUploadResend; answer: TUploadResendResult }>(),
    issue,
  ),
  changePublication: endpoint(
    'patch',
    '/api/expense/upload-history/:id/',
    io<{ body: TUploadPublicationChange; answer: TUploadHistoryRow }>(),
    issue,
  ),
  /** 公開予約の取消 before publication, 公開の取消 after: the upload's slips are hidden, the row stays (取消). */
  withdrawUpload: endpoint(
    'post',
    '/api/expense/upload-history/:id/withdraw/',
    io<{ answer: TUploadHistoryRow }>(),
    issue,
  ),
  /** HR's notice asking for consent; silence by the reply date counts as consent (みなし同意). */
  consentNotice: endpoint(
    'post',
    '/api/expense/consent/notice/',
    io<{ body: TConsentNotice; answer: TConsentNoticeResult }>(),
    issue,
  ),

  // Reading (expense.view_uploadhistory, or the issuing permission).
  uploadHistory: endpoint(
    'get',
    '/api/expense/upload-history/',
    io<{ query: TUploadHistoryQuery; answer: TPage<TUploadHistoryRow> }>(),
    read,
  ),
  uploadHistoryOne: endpoint(
    'get',
    '/api/expense/upload-history/:id/',
    io<{ query: TUploadDetailQuery; answer: TUploadHistoryDetail }>(),
    read,
  ),
  /** One PDF of the upload's slips whose employees must get paper. */
  uploadPaperPdf: endpoint(
    'get',
    '/api/expense/upload-history/:id/paper/',
    io<{ answer: FileAnswer }>(),
    read,
  ),
  issuedPaymentSlips: endpoint(
    'get',
    '/api/expense/payment-slip/',
    io<{ query: TIssuedSlipQuery; answer: TPage<TIssuedSlipRow> }>(),
    read,
  ),
  issuedWithholdingSlips: endpoint(
    'get',
    '/api/expense/withholding/',
    io<{ query: TIssuedSlipQuery; answer: TPage<TIssuedSlipRow> }>(),
    read,
  ),
  consents: endpoint(
    'get',
    '/api/expense/consent/',
    io<{ query: TConsentListQuery; answer: TPage<TConsentRow> }>(),
    read,
  ),
} as const;
