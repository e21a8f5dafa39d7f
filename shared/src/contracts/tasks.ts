// Tasks (spec §3.1, §3.2, §3.9, §7.4): submitting a workflow's form, the five lists, the task, its
// form values and node instances, and the actions on them (architecture.md "Workflow lifecycle").
import { z } from 'zod';
import { NODE_STATUSES, TASK_STATUSES } from '../codes.ts';
import { FIELD_MSG } from '../messages.ts';
import { isValidDate } from '../workflow/field-values.ts';
import { APPROVAL_ACTIONS, TASK_LIST_FILTERS } from '../workflow/codes.ts';
import { ZFieldChoice, ZFieldDataType, ZNamedUser, ZWorkflowKind } from './workflows.ts';
import { ZPageQuery } from './pagination.ts';

export const ZTaskStatus = z.enum(TASK_STATUSES.map((s) => s.value) as [string, ...string[]]);
export const ZNodeStatus = z.enum(NODE_STATUSES.map((s) => s.value) as [string, ...string[]]);
export const ZTaskListFilter = z.enum(TASK_LIST_FILTERS);

/** What a caller may do with a task (undoing an approval has its own answer, ZUndoInfo). */
export const TASK_ACTIONS = [
  'approve',
  'send_back',
  'reject',
  'resubmit',
  'withdraw',
  'cancel_vacation',
] as const;
export const ZTaskAction = z.enum(TASK_ACTIONS);
export type TTaskAction = z.infer<typeof ZTaskAction>;

/** A form value on the wire (see workflow/field-values.ts for what each data type accepts). */
export const ZFieldValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number()])),
  z.null(),
]);

/**
 * POST /api/task/workflows/{id}/form/ (submit) and POST /api/task/tasks/{id}/resubmit/: the field
 * values `{name: value, …}`. The body is checked with buildFieldValuesSchema(the workflow's fields);
 * this schema only says it is an object.
 */
export const ZTaskFormValues = z.record(z.string(), z.unknown());
export type TTaskFormValues = z.infer<typeof ZTaskFormValues>;

/** A workflow as the procedures screen lists it: GET /api/task/workflows/ (a plain array). */
export const ZApplicableWorkflow = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  kind: ZWorkflowKind,
});
export type TApplicableWorkflow = z.infer<typeof ZApplicableWorkflow>;

/** A node of the flow to come, for the chart on the create screen. */
export const ZWorkflowNodeOutline = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  order: z.number().int(),
  is_observer: z.boolean(),
});

/** GET /api/task/workflows/{id}/ */
export const ZApplicableWorkflowDetail = ZApplicableWorkflow.extend({ nodes: z.array(ZWorkflowNodeOutline) });
export type TApplicableWorkflowDetail = z.infer<typeof ZApplicableWorkflowDetail>;

/** A field of the schema form (spec §3.2 "From the schema form") plus what the widgets need. */
export const ZFormSchemaField = z.object({
  name: z.string(),
  label: z.string(),
  data_type: ZFieldDataType,
  order: z.number().int(),
  required: z.boolean(),
  read_only: z.boolean(),
  help_text: z.string(),
  choices: z.array(ZFieldChoice),
  max_length: z.number().int().nullable(),
  step: z.number().nullable(),
  /** The initial value, already typed (see defaultValueOf). */
  default: ZFieldValue,
  multiple: z.boolean(),
  data_source: z.string().nullable(),
  field_for_init: z.string().nullable(),
});
export type TFormSchemaField = z.infer<typeof ZFormSchemaField>;

/** GET /api/task/workflows/{id}/form/ — what the create screen renders. */
export const ZWorkflowFormSchema = z.object({
  workflow: z.number().int(),
  name: z.string(),
  kind: ZWorkflowKind,
  fields: z.array(ZFormSchemaField),
});
export type TWorkflowFormSchema = z.infer<typeof ZWorkflowFormSchema>;

/** A fixed reason a request may be rejected for: the request sends `value` or `text`, `text` is stored. */
export const ZRejectReason = z.object({ value: z.string(), text: z.string() });
export type TRejectReason = z.infer<typeof ZRejectReason>;

/**
 * GET /api/task/tasks/{id}/ and the answer of every action (submit 201, approval/resubmit/withdraw/
 * undo 200). Spec §3.1 plus the status and what the caller may do now.
 */
export const ZTask = z.object({
  id: z.number().int(),
  workflow: z.number().int(),
  workflow_name: z.string(),
  workflow_kind: ZWorkflowKind,
  status: ZTaskStatus,
  status_name: z.string(),
  applicant_id: z.number().int(),
  employee_name: z.string(),
  employee_code: z.string().nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  org_id: z.number().int().nullable(),
  org_name: z.string().nullable(),
  /** The path from the top, e.g. '事業本部 システム事業部 開発部 開発一課'. */
  org_full_name: z.string().nullable(),
  /** Names of the nodes awaiting action now, joined with '、'; null when none. */
  current_node_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  /** Applicant, status 02. */
  can_resubmit: z.boolean(),
  /** Applicant, status 01 or 02. */
  can_withdraw: z.boolean(),
  /** Applicant, an approved vacation request: POST tasks/undo/vacation/. */
  can_cancel_vacation: z.boolean(),
  /**
   * What the caller may do now, by the rules the action services enforce: approve / send_back /
   * reject on the nodes in actionable_node_ids (an approver of a node awaiting action, or their
   * proxy today, never the applicant), resubmit / withdraw / cancel_vacation (the applicant).
   */
  allowed_actions: z.array(ZTaskAction),
  /** The approver nodes awaiting action that the caller may approve, send back or reject now. */
  actionable_node_ids: z.array(z.number().int()),
  /** The kind's fixed reject reasons (a vacation request's three); null: a free reason. */
  reject_reasons: z.array(ZRejectReason).nullable(),
});
export type TTask = z.infer<typeof ZTask>;

/** GET /api/task/tasks/?filter=…&workflow=ID&date_from=YYYY-MM-DD&date_to=…&page=N (by submission date). */
export const ZTaskListQuery = ZPageQuery.extend({
  filter: ZTaskListFilter,
  workflow: z.coerce.number().int().positive().optional(),
  date_from: z.string().refine(isValidDate, FIELD_MSG.date('開始日')).optional(),
  date_to: z.string().refine(isValidDate, FIELD_MSG.date('終了日')).optional(),
});
export type TTaskListQuery = z.infer<typeof ZTaskListQuery>;

/**
 * A row of the task lists, newest first (by submission; approval lists by when the node was reached
 * or acted on). `node_id` is the node instance the row is about: awaiting me (approval, for
 * /task/tasks/approval/{task_id}/nodes/{node_id}) or acted on by me (approval-finished); null in
 * the other lists.
 */
export const ZTaskListItem = z.object({
  id: z.number().int(),
  workflow: z.number().int(),
  workflow_name: z.string(),
  status: ZTaskStatus,
  status_name: z.string(),
  employee_name: z.string(),
  org_name: z.string().nullable(),
  current_node_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  node_id: z.number().int().nullable(),
  node_name: z.string().nullable(),
  /** approval-finished: when I acted; approval: when the node started awaiting me. */
  node_at: z.string().nullable(),
  /** approval: awaiting me as a proxy; approval-finished: I acted as a proxy. */
  is_proxy: z.boolean(),
  principal_name: z.string().nullable(),
});
export type TTaskListItem = z.infer<typeof ZTaskListItem>;

/** GET /api/task/tasks/{id}/form/ — spec §3.2 "From the task form", in field order. */
export const ZTaskFormField = z.object({
  id: z.number().int(),
  name: z.string(),
  data_type: ZFieldDataType,
  label: z.string(),
  choices: z.array(ZFieldChoice),
  /** File fields: null (the file is in attachment/attachment_name). */
  value: ZFieldValue,
  is_required: z.boolean(),
  is_readonly: z.boolean(),
  max_length: z.number().int().nullable(),
  help_text: z.string(),
  order: z.number().int(),
  step: z.number().nullable(),
  multiple: z.boolean(),
  data_source: z.string().nullable(),
  field_for_init: z.string().nullable(),
  /** Attachment id for GET /api/attachment/{id}/download/. */
  attachment: z.number().int().nullable(),
  attachment_name: z.string().nullable(),
});
export type TTaskFormField = z.infer<typeof ZTaskFormField>;

/**
 * GET /api/task/tasks/{id}/nodes/ — a plain array of node instances (spec §3.9), approver nodes by
 * order then observer nodes (code 95). Parallel nodes share `order`. Observer instances stay '00'.
 */
export const ZTaskNode = z.object({
  id: z.number().int(),
  node_code: z.string(),
  node_name: z.string(),
  order: z.number().int(),
  is_observer: z.boolean(),
  status: ZNodeStatus,
  status_name: z.string(),
  /** The resolved approvers (observers for code 95); any one of them may act. */
  approvers: z.array(ZNamedUser),
  /** Their names joined with '、'. */
  approver_name: z.string(),
  acted_by_id: z.number().int().nullable(),
  acted_by_name: z.string().nullable(),
  /** True when acted_by stood in for principal_name (an approval proxy, or a self-approval by rule). */
  is_proxy: z.boolean(),
  principal_name: z.string().nullable(),
  comment: z.string().nullable(),
  reason: z.string().nullable(),
  acted_at: z.string().nullable(),
  task_status: ZTaskStatus,
});
export type TTaskNode = z.infer<typeof ZTaskNode>;

const ZComment = z.string().max(1000, FIELD_MSG.maxLength('コメント', 1000));

/**
 * POST /api/task/tasks/{id}/nodes/{nodeId}/approval/ → 200 ZTask; 409 {detail, code:'conflict'}
 * when the node no longer awaits the caller. Send back needs a comment, reject a reason; for a
 * vacation request the reason is one of VACATION_REJECT_REASONS (its code '01'–'03' or its sentence).
 */
export const ZApprovalRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), comment: ZComment.nullish() }),
  z.object({
    action: z.literal('send_back'),
    comment: ZComment.trim().min(1, FIELD_MSG.required('コメント')),
  }),
  z.object({
    action: z.literal('reject'),
    reason: z
      .string(FIELD_MSG.required('却下理由'))
      .trim()
      .min(1, FIELD_MSG.required('却下理由'))
      .max(500, FIELD_MSG.maxLength('却下理由', 500)),
    comment: ZComment.nullish(),
  }),
]);
export type TApprovalRequest = z.infer<typeof ZApprovalRequest>;
export const APPROVAL_ACTION_VALUES = APPROVAL_ACTIONS;

/** GET /api/task/tasks/{id}/undo-info/ — whether the caller may take back their approval now. */
export const ZUndoInfo = z.object({
  can_undo: z.boolean(),
  /** The node instance to POST tasks/{id}/nodes/{node_id}/undo/ to. */
  node_id: z.number().int().nullable(),
  /** Why not, in Japanese; null when can_undo. */
  message: z.string().nullable(),
});
export type TUndoInfo = z.infer<typeof ZUndoInfo>;

/** POST /api/task/tasks/{id}/withdraw/ (applicant, status 01 or 02) → 200 ZTask with status 99. */
export const ZWithdrawRequest = z.object({ comment: ZComment.nullish() });
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

/** POST /api/task/tasks/undo/vacation/ (applicant of an approved vacation) → 200 ZTask with status 99. */
export const ZVacationUndoRequest = z.object({ task_id: z.number().int().positive() });
export type TVacationUndoRequest = z.infer<typeof ZVacationUndoRequest>;
