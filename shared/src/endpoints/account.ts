// The account module's endpoints (api/src/modules/account/): the signed-in user's state, password and
// the task counts the sidebar and the home screen show.
import type {
  TPasswordChange,
  TPasswordChanged,
  TStatistics,
  TTaskStatistics,
  TUserState,
} from '../contracts/account.ts';
import { endpoint, io, type FileAnswer } from './endpoint.ts';

export const account = {
  /** POST, as the web has always called it (spec §7.2); a body, if any, is ignored. */
  me: endpoint('post', '/api/account/me/', io<{ answer: TUserState }>()),
  changePassword: endpoint(
    'post',
    '/api/account/password/',
    io<{ body: TPasswordChange; answer: TPasswordChanged }>(),
  ),
  statistics: endpoint('get', '/api/account/statistics/', io<{ answer: TStatistics }>()),
  taskStatistics: endpoint('get', '/api/account/task/statistics/', io<{ answer: TTaskStatistics }>()),
  /** One's own data as one zip (個人情報保護法 §33, issue 34). */
  exportMine: endpoint('get', '/api/account/export/', io<{ answer: FileAnswer }>()),
} as const;
