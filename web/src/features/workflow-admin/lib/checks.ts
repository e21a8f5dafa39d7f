// The rules of ZWorkflowRequest and ZNodeRequest (shared/contracts/workflows.ts), checked without
// classic zod (see check-resolver.ts). The API applies the schemas themselves.
import { OBSERVER_NODE_CODE } from '@portal/shared/codes';
import type { TNodeRequest, TWorkflowRequest } from '@portal/shared/contracts/workflows';
import { FIELD_MSG } from '@portal/shared/messages';
import { DEFAULT_TEXT_MAX_LENGTH, NODE_CODE_MSG, NODE_CODE_PATTERN } from '@portal/shared/workflow/codes';
import { missingKindFields } from '@portal/shared/workflow/kind-fields';
import { addProblem, type Problems } from '@/components/form/check-resolver.ts';

const FIELD_NAME = /^[a-z][a-z0-9_]{0,49}$/;

const isInt = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function text(problems: Problems, path: string, value: unknown, label: string, max: number, required = true) {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (required && trimmed === '') addProblem(problems, path, FIELD_MSG.required(label));
  else if (trimmed.length > max) addProblem(problems, path, FIELD_MSG.maxLength(label, max));
}

export function checkWorkflow(values: TWorkflowRequest): Problems {
  const problems: Problems = new Map();
  text(problems, 'name', values.name, '名称', 100);
  text(problems, 'category', values.category, '分類', 50, false);
  text(problems, 'description', values.description, '説明', 2000, false);
  const names = values.fields.map((f) => f.name);
  values.fields.forEach((field, i) => {
    const at = (key: string) => `fields.${i}.${key}`;
    if (!FIELD_NAME.test(field.name))
      addProblem(
        problems,
        at('name'),
        '項目名 は英小文字で始まる英小文字・数字・_ の 50 文字以内で入力してください。',
      );
    else if (names.indexOf(field.name) !== i)
      addProblem(problems, at('name'), `項目名「${field.name}」が重複しています。`);
    text(problems, at('label'), field.label, 'ラベル', 100);
    if (!isInt(field.order, 0, 999)) addProblem(problems, at('order'), FIELD_MSG.integer('順番'));
    if (field.max_length != null && !isInt(field.max_length, 1, DEFAULT_TEXT_MAX_LENGTH))
      addProblem(problems, at('max_length'), FIELD_MSG.integer('最大文字数'));
    if ((field.help_text ?? '').length > 500)
      addProblem(problems, at('help_text'), FIELD_MSG.maxLength('ヘルプテキスト', 500));
    const choices = field.choices ?? [];
    choices.forEach((choice, c) => {
      text(problems, at(`choices.${c}.value`), choice.value, '値', 100);
      text(problems, at(`choices.${c}.text`), choice.text, '表示名', 200);
    });
    if (field.data_type === 'choice' && choices.length === 0)
      addProblem(problems, at('choices'), FIELD_MSG.required('選択肢'));
    if (new Set(choices.map((c) => c.value)).size !== choices.length)
      addProblem(problems, at('choices'), '選択肢の値が重複しています。');
    if (field.data_type === 'autocomplete' && !field.data_source?.trim())
      addProblem(problems, at('data_source'), FIELD_MSG.required('データソース'));
    if (field.field_for_init != null && !FIELD_NAME.test(field.field_for_init))
      addProblem(problems, at('field_for_init'), FIELD_MSG.invalid('初期表示名の項目'));
    const step = field.step ?? null;
    if (step !== null && !(step > 0)) addProblem(problems, at('step'), FIELD_MSG.number('ステップ'));
    if (step !== null && field.data_type === 'time' && (step % 60 !== 0 || step > 3600))
      addProblem(problems, at('step'), '時刻のステップは 60 秒単位、3600 秒以内で指定してください。');
    if (field.is_readonly && field.is_required && (field.default ?? null) === null)
      addProblem(problems, at('default'), '必須の読み取り専用項目には初期値が必要です。');
  });
  for (const message of missingKindFields(values.kind, names)) addProblem(problems, 'fields', message);
  return problems;
}

export function checkNode(node: TNodeRequest): Problems {
  const problems: Problems = new Map();
  if (!NODE_CODE_PATTERN.test(node.code)) addProblem(problems, 'code', NODE_CODE_MSG);
  text(problems, 'name', node.name, '名称', 100);
  if (!isInt(node.order, 1, 99))
    addProblem(problems, 'order', '順番 は 1 から 99 の整数で入力してください。');
  const named = node.approver_ids ?? [];
  if (node.code === OBSERVER_NODE_CODE) {
    if ((node.observer_dispatch ?? null) === null && named.length === 0)
      addProblem(problems, 'observer_dispatch', FIELD_MSG.required('参照者の割当'));
    return problems;
  }
  if (((node.node_dispatch ?? null) === null) === (named.length === 0))
    addProblem(problems, 'node_dispatch', '承認者の割当か承認者のどちらか一方を指定してください。');
  return problems;
}
