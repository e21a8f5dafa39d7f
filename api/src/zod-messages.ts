// Japanese validation messages for every zod schema the API parses. The shared schemas carry their
// own wording where the spec has one; every other issue is worded here, naming the field by its
// Japanese label (shared FIELD_LABELS), never by zod's English type words ("string", "record").
import { z } from 'zod';
import { fieldLabel } from '@portal/shared/contracts/field-labels';
import { FIELD_MSG } from '@portal/shared/messages';

const TYPE_NAMES: Record<string, string> = {
  string: '文字列',
  number: '数値',
  int: '整数',
  bigint: '整数',
  boolean: '真偽値（true または false）',
  object: 'オブジェクト',
  record: 'オブジェクト',
  array: '配列',
  tuple: '配列',
  date: '日付',
};

type Issue = z.core.$ZodRawIssue;

function sizeMessage(issue: Issue & { code: 'too_big' | 'too_small' }, label: string): string {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  switch (issue.origin) {
    case 'string':
      return big ? FIELD_MSG.maxLength(label, limit) : FIELD_MSG.minLength(label, limit);
    case 'array':
    case 'set':
      return big ? FIELD_MSG.maxItems(label, limit) : FIELD_MSG.minItems(label, limit);
    default:
      if (big) return FIELD_MSG.max(label, issue.inclusive ? limit : limit - 1);
      if (!issue.inclusive && limit === 0) return FIELD_MSG.positive(label);
      return FIELD_MSG.min(label, limit);
  }
}

function messageOf(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return FIELD_MSG.required(label);
      if (issue.input === null) return FIELD_MSG.nullNotAllowed(label);
      return FIELD_MSG.type(label, TYPE_NAMES[issue.expected] ?? '正しい形式');
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue, label);
    case 'invalid_value':
    case 'invalid_union':
      return FIELD_MSG.choice(label);
    case 'not_multiple_of':
      return FIELD_MSG.decimalStep(label, Number(issue.divisor));
    case 'invalid_format':
    case 'invalid_key':
    case 'invalid_element':
      return FIELD_MSG.invalid(label);
    default:
      return undefined;
  }
}

let configured = false;

export function useJapaneseZodMessages(): void {
  if (configured) return;
  configured = true;
  z.config(z.locales.ja());
  z.config({ customError: messageOf });
}
