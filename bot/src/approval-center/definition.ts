// A workflow's external approval definition in Lark's Approval Center (lark.md "Beyond cards").
// Names are @i18n@ keys with their ja-JP texts; no create_link_*, so requests start in the portal;
// the quick-approval callback only when it is configured.
import type { QuickApprovalSettings } from '../config/lark-native-settings.ts';

/** Our code for a workflow's definition (Lark answers its own approval_code, which we store). */
export const definitionCode = (workflowId: number) => `portal-workflow-${workflowId}`;

/** The group every portal definition is listed under in the Approval Center. */
export const DEFINITION_GROUP = '社内ポータル';

export function definitionBody(workflow: { id: number; name: string }, quick: QuickApprovalSettings | null) {
  return {
    approval_code: definitionCode(workflow.id),
    approval_name: '@i18n@workflow_name',
    group_code: 'portal',
    group_name: '@i18n@group_name',
    external: {
      support_pc: true,
      support_mobile: true,
      support_batch_read: false,
      enable_mark_readed: false,
      enable_quick_operate: quick !== null,
      ...(quick
        ? {
            action_callback_url: quick.url,
            action_callback_token: quick.token,
            ...(quick.key ? { action_callback_key: quick.key } : {}),
          }
        : {}),
    },
    i18n_resources: [
      {
        locale: 'ja-JP' as const,
        is_default: true,
        texts: [
          { key: '@i18n@workflow_name', value: workflow.name },
          { key: '@i18n@group_name', value: DEFINITION_GROUP },
        ],
      },
    ],
  };
}
