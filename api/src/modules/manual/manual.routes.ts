// The manual's API (issue 30): the reader's contents, pages, attachments and search, and the console's
// pages. The routes only speak HTTP.
import {
  ZAdminManualPage,
  ZAdminManualPageRequest,
  ZAdminManualList,
  ZManualContents,
  ZManualPage,
  ZManualSearch,
  ZManualSearchQuery,
} from '@portal/shared/contracts/manual';
import { ZPageQuery } from '@portal/shared/contracts/pagination';
import { manual } from '@portal/shared/endpoints/manual';
import { moduleOf } from '../../api-module.ts';
import { sendFile } from '../../files/download.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import * as edit from './manual-admin.ts';
import { getAttachment, getContents, getPage, searchManual } from './manual.service.ts';

export const manualModule = moduleOf('manual', manual, (deps) => {
  const on = endpointRouter(deps);
  route(on, manual.contents, { answer: ZManualContents }, ({ ctx }) => getContents({ ctx }));
  route(on, manual.search, { query: ZManualSearchQuery, answer: ZManualSearch }, ({ ctx, query }) =>
    searchManual({ ctx, input: query }),
  );
  route(on, manual.page, { answer: ZManualPage }, ({ ctx, params }) => getPage({ ctx, input: params }));
  route(on, manual.attachment, {}, async ({ ctx, params, res }) => {
    const file = await getAttachment({ ctx, input: params });
    return sendFile(res, { body: file.data, type: file.contentType, filename: file.name });
  });

  route(on, manual.adminPages, { query: ZPageQuery, answer: ZAdminManualList }, async ({ ctx, query, req }) =>
    pageEnvelope(req, {
      number: query.page,
      filters: {},
      ...(await edit.listManualPages({ ctx, input: query })),
    }),
  );
  route(
    on,
    manual.adminCreatePage,
    { body: ZAdminManualPageRequest, status: 201, answer: ZAdminManualPage },
    ({ ctx, body }) => edit.createManualPage({ ctx, input: body }),
  );
  route(on, manual.adminPage, { answer: ZAdminManualPage }, ({ ctx, params }) =>
    edit.getManualPage({ ctx, input: params }),
  );
  route(
    on,
    manual.adminPatchPage,
    { body: ZAdminManualPageRequest, answer: ZAdminManualPage },
    ({ ctx, params, body }) => edit.replaceManualPage({ ctx, input: { id: params.id, body } }),
  );
  route(on, manual.adminDeletePage, { status: 204 }, ({ ctx, params }) =>
    edit.deleteManualPage({ ctx, input: params }),
  );
  return on.router;
});
