// お知らせ (issue 30): what employees read under /api/notices/ and what the console writes under
// /api/admin/notices/. The routes speak HTTP only.
import {
  ZAdminNotice,
  ZAdminNoticeBody,
  ZAdminNoticeRemind,
  ZAdminNoticeReminded,
  ZAdminNoticeRow,
  ZNotice,
  ZNoticeListQuery,
  ZNoticeRow,
} from '@portal/shared/contracts/notices';
import { ZPageQuery, zPage } from '@portal/shared/contracts/pagination';
import { notices } from '@portal/shared/endpoints/notices';
import { moduleOf } from '../../api-module.ts';
import { sendFile } from '../../files/download.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { parseId } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import {
  createNotice,
  getAdminNotice,
  listAdminNotices,
  patchNotice,
  remindNotice,
} from './admin-notices.ts';
import { getNotice, listNotices, readAttachment } from './read-notices.ts';

const fileParams = (raw: { id: string; n: string }) => ({ id: parseId(raw.id), n: parseId(raw.n) });

export const noticesModule = moduleOf('notices', notices, (deps) => {
  const on = endpointRouter(deps);

  route(
    on,
    notices.list,
    { query: ZNoticeListQuery, answer: zPage(ZNoticeRow) },
    async ({ ctx, query, req }) =>
      pageEnvelope(req, {
        number: query.page,
        filters: { unread: query.unread },
        ...(await listNotices({ ctx, input: query })),
      }),
  );
  route(on, notices.get, { answer: ZNotice }, ({ ctx, params }) => getNotice({ ctx, input: params }));
  route(on, notices.attachment, { params: fileParams }, async ({ ctx, params, res }) =>
    sendFile(res, await readAttachment(ctx, params)),
  );

  route(
    on,
    notices.adminList,
    { query: ZPageQuery, answer: zPage(ZAdminNoticeRow) },
    async ({ ctx, query, req }) =>
      pageEnvelope(req, {
        number: query.page,
        filters: {},
        ...(await listAdminNotices({ ctx, input: query })),
      }),
  );
  route(
    on,
    notices.adminCreate,
    { body: ZAdminNoticeBody, status: 201, answer: ZAdminNotice },
    ({ ctx, body }) => createNotice({ ctx, input: body }),
  );
  route(on, notices.adminGet, { answer: ZAdminNotice }, ({ ctx, params }) =>
    getAdminNotice({ ctx, input: params }),
  );
  route(on, notices.adminPatch, { body: ZAdminNoticeBody, answer: ZAdminNotice }, ({ ctx, params, body }) =>
    patchNotice({ ctx, input: { id: params.id, body } }),
  );
  route(on, notices.adminAttachment, { params: fileParams }, async ({ ctx, params, res }) =>
    sendFile(res, await readAttachment(ctx, params, true)),
  );
  route(
    on,
    notices.adminRemind,
    { body: ZAdminNoticeRemind, answer: ZAdminNoticeReminded },
    ({ ctx, params }) => remindNotice({ ctx, input: params }),
  );
  return on.router;
});
