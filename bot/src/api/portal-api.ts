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
import { ZTask, type TApprovalRequest, type TTask } from '@portal/shared/contracts/tasks';
import { serviceCall, type ServiceEndpoint } from './service-call.ts';

export interface PortalApi {
  taskCard(taskId: number): Promise<TBotTaskCard>;
  cardMessages(taskId: number): Promise<TBotCardMessages>;
  recordCardMessage(message: TBotCardMessage): Promise<TBotCardRecorded>;
  /** Stores open_ids found by e-mail (lark/open-ids.ts). */
  saveLarkUsers(users: readonly TBotLarkUserFound[]): Promise<TBotLarkUsersSaved>;
  /** POST /api/task/tasks/{id}/nodes/{nodeId}/approval/ as the Lark user `openId`. */
  act(openId: string, taskId: number, nodeId: number, body: TApprovalRequest): Promise<TTask>;
}

export function createPortalApi(endpoint: ServiceEndpoint): PortalApi {
  return {
    taskCard: (taskId) => serviceCall(endpoint, ZBotTaskCard, 'GET', `/bot/tasks/${taskId}/card/`),
    cardMessages: (taskId) =>
      serviceCall(endpoint, ZBotCardMessages, 'GET', `/bot/tasks/${taskId}/card-messages/`),
    recordCardMessage: (message) =>
      serviceCall(endpoint, ZBotCardRecorded, 'POST', '/bot/card-messages/', { body: message }),
    saveLarkUsers: (users) =>
      serviceCall(endpoint, ZBotLarkUsersSaved, 'POST', '/bot/lark-users/', { body: { users } }),
    act: (openId, taskId, nodeId, body) =>
      serviceCall(endpoint, ZTask, 'POST', `/task/tasks/${taskId}/nodes/${nodeId}/approval/`, {
        body,
        openId,
      }),
  };
}
