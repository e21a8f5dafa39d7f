// The card, Lark user and approval calls: the bot-internal routes with its service credential, and
// the approval endpoint the web uses, acting for the Lark user who clicked.
import {
  ZBotCardMessages,
  ZBotCardRecorded,
  ZBotTaskCard,
  type TBotCardMessage,
  type TBotCardMessages,
  type TBotCardRecorded,
  type TBotTaskCard,
} from '@portal/shared/contracts/bot-jobs';
import {
  ZBotLarkUsersSaved,
  type TBotLarkUserFound,
  type TBotLarkUsersSaved,
} from '@portal/shared/contracts/bot-lark-users';
import {
  ZBotApprovalCount,
  ZBotApprovalDefinitionSaved,
  ZBotApprovalInstance,
  ZBotChangedTasks,
  ZBotLarkTenantUser,
  ZBotTimeoff,
  type TBotLarkTenantUser,
  type TBotTimeoff,
  type TBotTimeoffEvent,
  type TBotTimeoffEventDelete,
  type TBotApprovalCount,
  type TBotApprovalDefinition,
  type TBotApprovalInstance,
  type TBotChangedTasks,
} from '@portal/shared/contracts/bot-lark-native';
import { ZTask, type TApprovalRequest, type TTask } from '@portal/shared/contracts/tasks';
import { bot } from '@portal/shared/endpoints/bot';
import { tasks } from '@portal/shared/endpoints/tasks';
import { callEndpoint, type ServiceEndpoint } from './service-call.ts';

export interface PortalApi {
  taskCard(taskId: number): Promise<TBotTaskCard>;
  cardMessages(taskId: number): Promise<TBotCardMessages>;
  recordCardMessage(message: TBotCardMessage): Promise<TBotCardRecorded>;
  /** Stores open_ids found by e-mail (lark/open-ids.ts). */
  saveLarkUsers(users: readonly TBotLarkUserFound[]): Promise<TBotLarkUsersSaved>;
  /** POST /api/task/tasks/{id}/nodes/{nodeId}/approval/ as the Lark user `openId`. */
  act(openId: string, taskId: number, nodeId: number, body: TApprovalRequest): Promise<TTask>;
  /** What the request's Approval Center instance is made of. */
  approvalInstance(taskId: number): Promise<TBotApprovalInstance>;
  saveApprovalDefinition(definition: TBotApprovalDefinition): Promise<void>;
  /** Requests changed in the last `minutes`. */
  changedTasks(minutes: number): Promise<TBotChangedTasks>;
  /** The portal user bound to a Lark user_id (ApiRefused 404: nobody). */
  larkTenantUser(larkUserId: string): Promise<TBotLarkTenantUser>;
  /** A user's 承認待ち, with their Lark user (the app badge). */
  approvalCount(userId: number): Promise<TBotApprovalCount>;
  /** An approved vacation as time off, and the events made for it. */
  timeoff(taskId: number): Promise<TBotTimeoff>;
  saveTimeoffEvent(event: TBotTimeoffEvent): Promise<void>;
  deleteTimeoffEvent(event: TBotTimeoffEventDelete): Promise<void>;
}

export function createPortalApi(endpoint: ServiceEndpoint): PortalApi {
  return {
    taskCard: (taskId) => callEndpoint(endpoint, bot.taskCard, ZBotTaskCard, { id: taskId }),
    cardMessages: (taskId) => callEndpoint(endpoint, bot.cardMessages, ZBotCardMessages, { id: taskId }),
    recordCardMessage: (message) =>
      callEndpoint(endpoint, bot.recordCardMessage, ZBotCardRecorded, {}, { body: message }),
    saveLarkUsers: (users) =>
      callEndpoint(endpoint, bot.saveLarkUsers, ZBotLarkUsersSaved, {}, { body: { users: [...users] } }),
    act: (openId, taskId, nodeId, body) =>
      callEndpoint(
        endpoint,
        tasks.approveNode,
        ZTask,
        { id: taskId, nodeId },
        {
          body,
          openId,
        },
      ),
    approvalInstance: (taskId) =>
      callEndpoint(endpoint, bot.approvalInstance, ZBotApprovalInstance, { id: taskId }),
    saveApprovalDefinition: async (definition) => {
      await callEndpoint(
        endpoint,
        bot.saveApprovalDefinition,
        ZBotApprovalDefinitionSaved,
        {},
        { body: definition },
      );
    },
    changedTasks: (minutes) => callEndpoint(endpoint, bot.changedTasks, ZBotChangedTasks, { minutes }),
    larkTenantUser: (larkUserId) =>
      callEndpoint(endpoint, bot.larkTenantUser, ZBotLarkTenantUser, { larkUserId }),
    approvalCount: (userId) => callEndpoint(endpoint, bot.approvalCount, ZBotApprovalCount, { id: userId }),
    timeoff: (taskId) => callEndpoint(endpoint, bot.timeoff, ZBotTimeoff, { id: taskId }),
    saveTimeoffEvent: async (event) => {
      await callEndpoint(endpoint, bot.saveTimeoffEvent, ZBotApprovalDefinitionSaved, {}, { body: event });
    },
    deleteTimeoffEvent: async (event) => {
      await callEndpoint(endpoint, bot.deleteTimeoffEvent, ZBotApprovalDefinitionSaved, {}, { body: event });
    },
  };
}
