// Workflow administration (spec §7.3): workflows with their form definition (spec §3.2) and their
// approver and observer nodes (architecture.md "Workflow lifecycle").
import { z } from 'zod';
import { NODE_DISPATCHES, OBSERVER_DISPATCHES, OBSERVER_NODE_CODE, SELF_DISPATCHES } from '../codes.ts';
import { FIELD_MSG } from '../messages.ts';
import { MULTI_SELECT } from '../limits.ts';
import {
  DEFAULT_TEXT_MAX_LENGTH,
  FIELD_DATA_TYPES,
  NODE_CODE_MSG,
  NODE_CODE_PATTERN,
  WORKFLOW_KINDS,
} from '../workflow/codes.ts';
import { missingKindFields } from '../workflow/kind-fields.ts';
import { ZPageQuery } from './pagination.ts';

function codes<T extends readonly { value: string }[]>(list: T) {
  return list.map((item) => item.value) as [T[number]['value'], ...T[number]['value'][]];
}

export const ZNodeDispatch = z.enum(codes(NODE_DISPATCHES));
export const ZSelfDispatch = z.enum(codes(SELF_DISPATCHES));
export const ZObserverDispatch = z.enum(codes(OBSERVER_DISPATCHES));
export const ZWorkflowKind = z.enum(codes(WORKFLOW_KINDS));
export const ZFieldDataType = z.enum(FIELD_DATA_TYPES);

/** A choice of a `choice` field (spec §3.2 "choices (value/text)"). */
export const ZFieldChoice = z.object({
  value: z.string().trim().min(1, FIELD_MSG.required('値')).max(100, FIELD_MSG.maxLength('値', 100)),
  text: z.string().trim().min(1, FIELD_MSG.required('表示名')).max(200, FIELD_MSG.maxLength('表示名', 200)),
});
export type TFieldChoice = z.infer<typeof ZFieldChoice>;

const FIELD_NAME = /^[a-z][a-z0-9_]{0,49}$/;

/**
 * One field of a workflow's form, as the administrator defines it (spec §3.2).
 * - `order`: fields with the same order share one row of the form.
 * - `step`: decimal (default 0.1) and time (seconds, default 900) only.
 * - `default`: the initial value as text ('12', '0.5', '2025-04-01', '09:00', a choice value, 'true');
 *   a read-only field always takes it.
 * - autocomplete: `data_source` is an API path under /api/ answering `ZChoice[]` to `?query=`
 *   (e.g. 'approvers/choice/'); `multiple` makes the value an array; `field_for_init` names the field
 *   whose value holds the display text of the initial selection.
 */
export const ZFieldDefinitionInput = z
  .object({
    name: z
      .string()
      .regex(FIELD_NAME, '項目名 は英小文字で始まる英小文字・数字・_ の 50 文字以内で入力してください。'),
    label: z
      .string()
      .trim()
      .min(1, FIELD_MSG.required('ラベル'))
      .max(100, FIELD_MSG.maxLength('ラベル', 100)),
    data_type: ZFieldDataType.default('string'),
    order: z.number().int().min(0).max(999),
    is_required: z.boolean().default(false),
    is_readonly: z.boolean().default(false),
    max_length: z.number().int().min(1).max(DEFAULT_TEXT_MAX_LENGTH).nullable().default(null),
    help_text: z.string().max(500, FIELD_MSG.maxLength('ヘルプテキスト', 500)).default(''),
    default: z.string().max(1000).nullable().default(null),
    choices: z.array(ZFieldChoice).max(MULTI_SELECT.maxOptions).default([]),
    step: z.number().positive().nullable().default(null),
    multiple: z.boolean().default(false),
    data_source: z.string().trim().max(200).nullable().default(null),
    field_for_init: z.string().regex(FIELD_NAME).nullable().default(null),
  })
  .superRefine((field, ctx) => {
    if (field.data_type === 'choice' && field.choices.length === 0)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: FIELD_MSG.required('選択肢') });
    if (new Set(field.choices.map((c) => c.value)).size !== field.choices.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: '選択肢の値が重複しています。' });
    if (field.data_type === 'autocomplete' && !field.data_source)
      ctx.addIssue({ code: 'custom', path: ['data_source'], message: FIELD_MSG.required('データソース') });
    if (field.step !== null && field.data_type !== 'decimal' && field.data_type !== 'time')
      ctx.addIssue({
        code: 'custom',
        path: ['step'],
        message: 'ステップは小数と時刻の項目にだけ指定できます。',
      });
    if (field.data_type === 'time' && field.step !== null && (field.step % 60 !== 0 || field.step > 3600))
      ctx.addIssue({
        code: 'custom',
        path: ['step'],
        message: '時刻のステップは 60 秒単位、3600 秒以内で指定してください。',
      });
    if (field.is_readonly && field.is_required && field.default === null)
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: '必須の読み取り専用項目には初期値が必要です。',
      });
  });
export type TFieldDefinitionInput = z.input<typeof ZFieldDefinitionInput>;

export const ZFieldDefinition = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  data_type: ZFieldDataType,
  order: z.number().int(),
  is_required: z.boolean(),
  is_readonly: z.boolean(),
  max_length: z.number().int().nullable(),
  help_text: z.string(),
  default: z.string().nullable(),
  choices: z.array(ZFieldChoice),
  step: z.number().nullable(),
  multiple: z.boolean(),
  data_source: z.string().nullable(),
  field_for_init: z.string().nullable(),
});
export type TFieldDefinition = z.infer<typeof ZFieldDefinition>;

/** POST /api/workflow/workflows/ and PUT /api/workflow/workflows/{id}/ (the fields are replaced as a whole). */
export const ZWorkflowRequest = z
  .object({
    name: z.string().trim().min(1, FIELD_MSG.required('名称')).max(100, FIELD_MSG.maxLength('名称', 100)),
    category: z.string().trim().max(50, FIELD_MSG.maxLength('分類', 50)).default(''),
    description: z.string().max(2000, FIELD_MSG.maxLength('説明', 2000)).default(''),
    kind: ZWorkflowKind.default('general'),
    is_active: z.boolean().default(true),
    fields: z.array(ZFieldDefinitionInput).max(100),
  })
  .superRefine((workflow, ctx) => {
    const names = workflow.fields.map((f) => f.name);
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index)
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'name'],
          message: `項目名「${name}」が重複しています。`,
        });
    });
    for (const message of missingKindFields(workflow.kind, names))
      ctx.addIssue({ code: 'custom', path: ['fields'], message });
  });
export type TWorkflowRequest = z.input<typeof ZWorkflowRequest>;

/** PATCH /api/workflow/workflows/{id}/ — any subset of the header (nothing else); the fields change only through PUT. */
export const ZWorkflowPatchRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, FIELD_MSG.required('名称'))
    .max(100, FIELD_MSG.maxLength('名称', 100))
    .optional(),
  category: z.string().trim().max(50, FIELD_MSG.maxLength('分類', 50)).optional(),
  description: z.string().max(2000, FIELD_MSG.maxLength('説明', 2000)).optional(),
  is_active: z.boolean().optional(),
});
export type TWorkflowPatchRequest = z.infer<typeof ZWorkflowPatchRequest>;

/** A row of GET /api/workflow/workflows/ (paginated) and of GET /api/task/workflows/ (not paginated). */
export const ZWorkflowSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  kind: ZWorkflowKind,
  is_active: z.boolean(),
  field_count: z.number().int(),
  node_count: z.number().int(),
  updated_at: z.string(),
});
export type TWorkflowSummary = z.infer<typeof ZWorkflowSummary>;

/** GET /api/workflow/workflows/{id}/ and the answer to create/update. */
export const ZWorkflow = ZWorkflowSummary.extend({
  fields: z.array(ZFieldDefinition),
  created_at: z.string(),
});
export type TWorkflow = z.infer<typeof ZWorkflow>;

/** GET /api/workflow/workflows/?page=N&query=… */
export const ZWorkflowListQuery = ZPageQuery.extend({ query: z.string().trim().max(100).optional() });
export type TWorkflowListQuery = z.infer<typeof ZWorkflowListQuery>;

/** A user named as approver (or observer) of a node. */
export const ZNamedUser = z.object({ id: z.number().int(), name: z.string() });
export type TNamedUser = z.infer<typeof ZNamedUser>;

/**
 * POST /api/workflow/nodes/ and PUT /api/workflow/nodes/{id}/. An approver node (code 01–94) takes
 * its approver from `node_dispatch` or from `approver_ids` (named users, any one of whom may act),
 * never both. An observer node (code 95) takes `observer_dispatch` and/or named `approver_ids`.
 * Nodes of one workflow with the same `order` form a parallel group.
 */
export const ZNodeRequest = z
  .object({
    workflow_id: z.number().int().positive(),
    code: z.string().regex(NODE_CODE_PATTERN, NODE_CODE_MSG),
    name: z.string().trim().min(1, FIELD_MSG.required('名称')).max(100, FIELD_MSG.maxLength('名称', 100)),
    order: z.number().int().min(1).max(99),
    node_dispatch: ZNodeDispatch.nullable().default(null),
    self_dispatch: ZSelfDispatch.default('01'),
    observer_dispatch: ZObserverDispatch.nullable().default(null),
    approver_ids: z.array(z.number().int().positive()).max(50).default([]),
  })
  .superRefine((node, ctx) => {
    if (node.code === OBSERVER_NODE_CODE) {
      if (node.node_dispatch !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['node_dispatch'],
          message: '参照ノードには承認者の割当を指定できません。',
        });
      if (node.observer_dispatch === null && node.approver_ids.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['observer_dispatch'],
          message: FIELD_MSG.required('参照者の割当'),
        });
      return;
    }
    if (node.observer_dispatch !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['observer_dispatch'],
        message: '参照者の割当は参照ノード（95）にだけ指定できます。',
      });
    if ((node.node_dispatch === null) === (node.approver_ids.length === 0))
      ctx.addIssue({
        code: 'custom',
        path: ['node_dispatch'],
        message: '承認者の割当か承認者のどちらか一方を指定してください。',
      });
  });
export type TNodeRequest = z.input<typeof ZNodeRequest>;

export const ZNode = z.object({
  id: z.number().int(),
  workflow_id: z.number().int(),
  workflow_name: z.string(),
  code: z.string(),
  name: z.string(),
  order: z.number().int(),
  is_observer: z.boolean(),
  node_dispatch: ZNodeDispatch.nullable(),
  self_dispatch: ZSelfDispatch,
  observer_dispatch: ZObserverDispatch.nullable(),
  approvers: z.array(ZNamedUser),
});
export type TNode = z.infer<typeof ZNode>;

/** GET /api/workflow/nodes/?workflow=ID&page=N (paginated); GET /api/workflow/workflows/{id}/nodes/ is a plain array. */
export const ZNodeListQuery = ZPageQuery.extend({ workflow: z.coerce.number().int().positive().optional() });
export type TNodeListQuery = z.infer<typeof ZNodeListQuery>;

/** GET /api/workflow/nodes/choice/?workflow=ID → ZChoice[] of nodes; forms/choice/ → ZChoice[] of workflows. */
export const ZNodeChoiceQuery = z.object({ workflow: z.coerce.number().int().positive().optional() });
export type TNodeChoiceQuery = z.infer<typeof ZNodeChoiceQuery>;
