// The manual module's endpoints (api/src/modules/manual/): the reader's contents, page, attachment and
// search, and the console's pages (staff with company.change_manual), written with an audit row.
import type {
  TAdminManualPage,
  TAdminManualPageRequest,
  TAdminManualRow,
  TManualContents,
  TManualPage,
  TManualSearch,
  TManualSearchQuery,
} from '../contracts/manual.ts';
import type { TPage } from '../contracts/pagination.ts';
import { PERM } from '../permissions.ts';
import { MANUAL_LIMITS } from '../contracts/manual-codes.ts';
import { endpoint, io, uploadsBodyBytes, type FileAnswer } from './endpoint.ts';

const editor = { staff: true, permission: PERM.changeManual } as const;
/** A page saved with its five 2 MB files, beyond the 4 MB default (docs/decisions.md). */
const saver = { ...editor, bodyLimit: uploadsBodyBytes(MANUAL_LIMITS.files, MANUAL_LIMITS.bytes) };

export const manual = {
  contents: endpoint('get', '/api/manual/', io<{ answer: TManualContents }>()),
  search: endpoint('get', '/api/manual/search/', io<{ query: TManualSearchQuery; answer: TManualSearch }>()),
  page: endpoint('get', '/api/manual/pages/:id/', io<{ answer: TManualPage }>()),
  attachment: endpoint(
    'get',
    '/api/manual/pages/:id/attachments/:attachmentId/',
    io<{ answer: FileAnswer }>(),
  ),

  adminPages: endpoint(
    'get',
    '/api/admin/manual/',
    io<{ query: Readonly<Record<string, string>>; answer: TPage<TAdminManualRow> }>(),
    editor,
  ),
  adminCreatePage: endpoint(
    'post',
    '/api/admin/manual/',
    io<{ body: TAdminManualPageRequest; answer: TAdminManualPage }>(),
    saver,
  ),
  adminPage: endpoint('get', '/api/admin/manual/:id/', io<{ answer: TAdminManualPage }>(), editor),
  adminPatchPage: endpoint(
    'put',
    '/api/admin/manual/:id/',
    io<{ body: TAdminManualPageRequest; answer: TAdminManualPage }>(),
    saver,
  ),
  adminDeletePage: endpoint('delete', '/api/admin/manual/:id/', io<{ answer: void }>(), editor),
} as const;
