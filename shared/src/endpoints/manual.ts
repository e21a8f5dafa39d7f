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
import { endpoint, io, type FileAnswer } from './endpoint.ts';

const editor = { staff: true, permission: PERM.changeManual } as const;

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
    editor,
  ),
  adminPage: endpoint('get', '/api/admin/manual/:id/', io<{ answer: TAdminManualPage }>(), editor),
  adminPatchPage: endpoint(
    'put',
    '/api/admin/manual/:id/',
    io<{ body: TAdminManualPageRequest; answer: TAdminManualPage }>(),
    editor,
  ),
  adminDeletePage: endpoint('delete', '/api/admin/manual/:id/', io<{ answer: void }>(), editor),
} as const;
