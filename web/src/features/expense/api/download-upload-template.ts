import type { TUploadKind } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { api } from '@/lib/api-client.ts';

/** The CSV template (UTF-8 with BOM) of a kind, with the latest issue's items. */
export const downloadUploadTemplate = (kind: TUploadKind) =>
  api.callFile(slips.uploadTemplate, {}, { query: { kind } });
