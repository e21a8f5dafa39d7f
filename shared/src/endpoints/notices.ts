// The notices module's endpoints (api/src/modules/notices/): お知らせ as employees read them, and
// as the console writes them (staff, holding company.add_notice or company.change_notice).
import type {
  TAdminNotice,
  TAdminNoticeBody,
  TAdminNoticeRemind,
  TAdminNoticeReminded,
  TAdminNoticeRow,
  TNotice,
  TNoticeListQuery,
  TNoticeRow,
} from '../contracts/notices.ts';
import type { TPage } from '../contracts/pagination.ts';
import { PERM } from '../permissions.ts';
import { NOTICE_LIMITS } from '../contracts/notice-codes.ts';
import { endpoint, io, uploadsBodyBytes, type FileAnswer } from './endpoint.ts';

const WRITERS = [PERM.addNotice, PERM.changeNotice] as const;
/** A whole notice with its five 2 MB files, beyond the 4 MB default (docs/decisions.md). */
const bodyLimit = uploadsBodyBytes(NOTICE_LIMITS.files, NOTICE_LIMITS.bytes);

export const notices = {
  list: endpoint(
    'get',
    '/api/notices/',
    io<{ query: Partial<TNoticeListQuery>; answer: TPage<TNoticeRow> }>(),
  ),
  get: endpoint('get', '/api/notices/:id/', io<{ answer: TNotice }>()),
  attachment: endpoint('get', '/api/notices/:id/attachments/:n/', io<{ answer: FileAnswer }>()),

  adminList: endpoint(
    'get',
    '/api/admin/notices/',
    io<{ query: Readonly<Record<string, string>>; answer: TPage<TAdminNoticeRow> }>(),
    { staff: true, permission: WRITERS },
  ),
  adminCreate: endpoint(
    'post',
    '/api/admin/notices/',
    io<{ body: TAdminNoticeBody; answer: TAdminNotice }>(),
    { staff: true, permission: PERM.addNotice, bodyLimit },
  ),
  adminGet: endpoint('get', '/api/admin/notices/:id/', io<{ answer: TAdminNotice }>(), {
    staff: true,
    permission: WRITERS,
  }),
  adminPatch: endpoint(
    'patch',
    '/api/admin/notices/:id/',
    io<{ body: TAdminNoticeBody; answer: TAdminNotice }>(),
    { staff: true, permission: PERM.changeNotice, bodyLimit },
  ),
  adminAttachment: endpoint('get', '/api/admin/notices/:id/attachments/:n/', io<{ answer: FileAnswer }>(), {
    staff: true,
    permission: WRITERS,
  }),
  adminRemind: endpoint(
    'post',
    '/api/admin/notices/:id/remind/',
    io<{ body: TAdminNoticeRemind; answer: TAdminNoticeReminded }>(),
    { staff: true, permission: PERM.changeNotice },
  ),
} as const;
