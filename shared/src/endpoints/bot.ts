// The bot module's endpoints (api/src/modules/bot/): the bot's own, with its service credential only.
import type {
  TBotCardMessage,
  TBotCardMessages,
  TBotCardRecorded,
  TBotTaskCard,
} from '../contracts/bot-jobs.ts';
import type {
  TBotApprovalDefinition,
  TBotApprovalDefinitionSaved,
  TBotApprovalCount,
  TBotApprovalInstance,
  TBotChangedTasks,
  TBotLarkTenantUser,
  TBotTimeoff,
  TBotTimeoffEvent,
  TBotTimeoffEventDelete,
} from '../contracts/bot-lark-native.ts';
import type { TBotLarkUsersFound, TBotLarkUsersSaved } from '../contracts/bot-lark-users.ts';
import type {
  TBotPushDevices,
  TBotPushDevicesDelete,
  TBotPushDevicesDeleted,
} from '../contracts/bot-push.ts';
import type { TBotBusinessDays, TBotUnsubmittedAttendance } from '../contracts/bot-reminders.ts';
import { endpoint, io } from './endpoint.ts';

const service = { caller: 'service' } as const;

export const bot = {
  taskCard: endpoint('get', '/api/bot/tasks/:id/card/', io<{ answer: TBotTaskCard }>(), service),
  cardMessages: endpoint(
    'get',
    '/api/bot/tasks/:id/card-messages/',
    io<{ answer: TBotCardMessages }>(),
    service,
  ),
  recordCardMessage: endpoint(
    'post',
    '/api/bot/card-messages/',
    io<{ body: TBotCardMessage; answer: TBotCardRecorded }>(),
    service,
  ),
  pushDevices: endpoint(
    'get',
    '/api/bot/users/:id/push-devices/',
    io<{ answer: TBotPushDevices }>(),
    service,
  ),
  deletePushDevices: endpoint(
    'post',
    '/api/bot/push-devices/delete/',
    io<{ body: TBotPushDevicesDelete; answer: TBotPushDevicesDeleted }>(),
    service,
  ),
  businessDays: endpoint(
    'get',
    '/api/bot/business-days/:year/:month/',
    io<{ answer: TBotBusinessDays }>(),
    service,
  ),
  unsubmittedAttendance: endpoint(
    'get',
    '/api/bot/attendance/unsubmitted/:year/:month/',
    io<{ answer: TBotUnsubmittedAttendance }>(),
    service,
  ),
  saveLarkUsers: endpoint(
    'post',
    '/api/bot/lark-users/',
    io<{ body: TBotLarkUsersFound; answer: TBotLarkUsersSaved }>(),
    service,
  ),
  // The Lark-native parts (docs/bot.md "Lark-native").
  approvalInstance: endpoint(
    'get',
    '/api/bot/tasks/:id/approval-instance/',
    io<{ answer: TBotApprovalInstance }>(),
    service,
  ),
  saveApprovalDefinition: endpoint(
    'post',
    '/api/bot/approval-definitions/',
    io<{ body: TBotApprovalDefinition; answer: TBotApprovalDefinitionSaved }>(),
    service,
  ),
  changedTasks: endpoint(
    'get',
    '/api/bot/tasks/changed/:minutes/',
    io<{ answer: TBotChangedTasks }>(),
    service,
  ),
  larkTenantUser: endpoint(
    'get',
    '/api/bot/lark-users/tenant/:larkUserId/',
    io<{ answer: TBotLarkTenantUser }>(),
    service,
  ),
  approvalCount: endpoint(
    'get',
    '/api/bot/users/:id/approval-count/',
    io<{ answer: TBotApprovalCount }>(),
    service,
  ),
  timeoff: endpoint('get', '/api/bot/tasks/:id/timeoff/', io<{ answer: TBotTimeoff }>(), service),
  saveTimeoffEvent: endpoint(
    'post',
    '/api/bot/timeoff-events/',
    io<{ body: TBotTimeoffEvent; answer: TBotApprovalDefinitionSaved }>(),
    service,
  ),
  deleteTimeoffEvent: endpoint(
    'post',
    '/api/bot/timeoff-events/delete/',
    io<{ body: TBotTimeoffEventDelete; answer: TBotApprovalDefinitionSaved }>(),
    service,
  ),
} as const;
