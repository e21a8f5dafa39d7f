import {
  ZPasswordChanged,
  ZStatistics,
  ZTaskStatistics,
  ZUserState,
  type TStatistics,
  type TTaskStatistics,
} from '@portal/shared/contracts/account';
import { account } from '@portal/shared/endpoints/account';
import { moduleOf } from '../../api-module.ts';
import { versionedCache } from '../../cache/versioned-cache.ts';
import { tokyoDate } from '../../dates.ts';
import { sendFile } from '../../files/download.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { TASK_LIST_TABLES } from '../tasks/list-tasks.ts';
import { exportOwnData } from '../personal-data/export-own-data.ts';
import { getStatistics, getTaskStatistics, getUserState } from './account.service.ts';
import { changePassword } from './change-password.ts';

const MAX_CACHED_USERS = 5_000;

export const accountModule = moduleOf('account', account, (deps) => {
  const on = endpointRouter(deps);
  // Every screen asks for the badges; they are the task lists' counts, kept like the lists' pages
  // (tasks.routes.ts), by user and day (a proxy's period).
  const sidebar = versionedCache<TStatistics>(deps.changes, MAX_CACHED_USERS, TASK_LIST_TABLES);
  const home = versionedCache<TTaskStatistics>(deps.changes, MAX_CACHED_USERS, TASK_LIST_TABLES);
  const keyOf = (userId: number) => `${userId} ${tokyoDate()}`;

  route(on, account.me, { answer: ZUserState }, ({ ctx }) => getUserState({ ctx }));
  // The service parses the body itself (its own messages for the two password fields).
  route(on, account.changePassword, { answer: ZPasswordChanged }, ({ ctx, body }) =>
    changePassword({ ctx, input: body }),
  );
  route(on, account.statistics, { answer: ZStatistics }, ({ ctx }) =>
    sidebar.remember(keyOf(ctx.user.id), () => getStatistics({ ctx })),
  );
  route(on, account.taskStatistics, { answer: ZTaskStatistics }, ({ ctx }) =>
    home.remember(keyOf(ctx.user.id), () => getTaskStatistics({ ctx })),
  );
  route(on, account.exportMine, {}, async ({ ctx, res }) => {
    const zip = await exportOwnData({ ctx });
    return sendFile(res, { body: zip.body, type: 'application/zip', filename: zip.filename, private: true });
  });
  return on.router;
});
