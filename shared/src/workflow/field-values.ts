// The validator of a form's values, built from its field definitions (spec §3.2, §5). The web's
// form and the API's submit/resubmit run this same function, so both answer a bad value with the
// same Japanese message under the same field name.
import { z } from 'zod';
import { MAX_UPLOAD_KB, MULTI_SELECT, DECIMAL_STEP, TIME_STEP_SECONDS } from '../limits.ts';
import { FIELD_MSG, MSG } from '../messages.ts';
import { DEFAULT_STRING_MAX_LENGTH, DEFAULT_TEXT_MAX_LENGTH, type TFieldDataType } from './codes.ts';
import { exceedsUploadLimit, parseUploadString } from './upload.ts';

/** A stored or submitted value: files travel as upload strings, multiple selections as arrays. */
export type TFieldValue = string | number | boolean | (string | number)[] | null;
export type TFieldValues = Record<string, TFieldValue>;

/** What validation needs to know of a field, whichever contract it came from. */
export interface TFieldRule {
  readonly name: string;
  readonly label: string;
  readonly data_type: TFieldDataType;
  readonly required: boolean;
  readonly read_only: boolean;
  readonly max_length: number | null;
  readonly step: number | null;
  readonly choices: readonly { readonly value: string }[];
  readonly multiple: boolean;
}

/** The admin definition and the task form (spec §3.2) say is_required / is_readonly. */
export function fieldRuleOf(field: {
  readonly name: string;
  readonly label: string;
  readonly data_type: TFieldDataType;
  readonly is_required: boolean;
  readonly is_readonly: boolean;
  readonly max_length: number | null;
  readonly step: number | null;
  readonly choices: readonly { readonly value: string }[];
  readonly multiple: boolean;
}): TFieldRule {
  return { ...field, required: field.is_required, read_only: field.is_readonly };
}

export interface TFieldValuesOptions {
  /**
   * File fields that already hold an attachment (resubmitting a sent-back task): for them an empty
   * value keeps the file, so a required file is satisfied.
   */
  readonly filesPresent?: readonly string[];
}

type Parsed = { readonly value: TFieldValue } | { readonly error: string };

const INTEGER = /^[-+]?\d{1,15}$/;
const DECIMAL = /^[-+]?\d{1,15}(?:\.\d{1,10})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function isEmpty(raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === 'string') return raw.trim() === '';
  return Array.isArray(raw) && raw.length === 0;
}

export function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function numberOf(raw: unknown, pattern: RegExp): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && pattern.test(raw.trim())) return Number(raw.trim());
  return null;
}

function parseInteger(rule: TFieldRule, raw: unknown): Parsed {
  const value = numberOf(raw, INTEGER);
  return value !== null && Number.isSafeInteger(value) ? { value } : { error: FIELD_MSG.integer(rule.label) };
}

function parseDecimal(rule: TFieldRule, raw: unknown): Parsed {
  const value = numberOf(raw, DECIMAL);
  if (value === null || Math.abs(value) >= 1e15) return { error: FIELD_MSG.number(rule.label) };
  const step = rule.step ?? DECIMAL_STEP;
  const steps = value / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return { error: FIELD_MSG.decimalStep(rule.label, step) };
  return { value };
}

function parseDate(rule: TFieldRule, raw: unknown): Parsed {
  return typeof raw === 'string' && isValidDate(raw) ? { value: raw } : { error: FIELD_MSG.date(rule.label) };
}

function parseTime(rule: TFieldRule, raw: unknown): Parsed {
  const match = typeof raw === 'string' ? TIME.exec(raw) : null;
  if (!match) return { error: FIELD_MSG.time(rule.label) };
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  const stepMinutes = (rule.step ?? TIME_STEP_SECONDS) / 60;
  if (minutes % stepMinutes !== 0) return { error: FIELD_MSG.timeStep(rule.label, stepMinutes) };
  return { value: match[0] };
}

function parseChoiceOne(rule: TFieldRule, raw: unknown): string | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && rule.choices.some((c) => c.value === text) ? text : null;
}

function parseChoice(rule: TFieldRule, raw: unknown): Parsed {
  if (rule.multiple) {
    if (!Array.isArray(raw)) return { error: FIELD_MSG.choice(rule.label) };
    if (raw.length > MULTI_SELECT.maxOptions)
      return { error: FIELD_MSG.tooManyChoices(rule.label, MULTI_SELECT.maxOptions) };
    const values = raw.map((item) => parseChoiceOne(rule, item));
    return values.every((v): v is string => v !== null)
      ? { value: [...new Set(values)] }
      : { error: FIELD_MSG.choice(rule.label) };
  }
  const value = parseChoiceOne(rule, raw);
  return value === null ? { error: FIELD_MSG.choice(rule.label) } : { value };
}

function isOption(item: unknown): item is string | number {
  return (
    (typeof item === 'string' && item.trim() !== '' && item.length <= 200) ||
    (typeof item === 'number' && Number.isSafeInteger(item))
  );
}

function parseAutocomplete(rule: TFieldRule, raw: unknown): Parsed {
  if (rule.multiple) {
    if (!Array.isArray(raw) || !raw.every(isOption)) return { error: FIELD_MSG.invalid(rule.label) };
    if (raw.length > MULTI_SELECT.maxOptions)
      return { error: FIELD_MSG.tooManyChoices(rule.label, MULTI_SELECT.maxOptions) };
    return { value: [...new Set(raw)] };
  }
  return isOption(raw) ? { value: raw } : { error: FIELD_MSG.invalid(rule.label) };
}

function parseBoolean(rule: TFieldRule, raw: unknown): Parsed {
  if (typeof raw === 'boolean') return { value: raw };
  if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
  return { error: FIELD_MSG.boolean(rule.label) };
}

function parseString(rule: TFieldRule, raw: unknown, fallbackMax: number): Parsed {
  if (typeof raw !== 'string') return { error: FIELD_MSG.invalid(rule.label) };
  const max = rule.max_length ?? fallbackMax;
  return [...raw].length > max ? { error: FIELD_MSG.maxLength(rule.label, max) } : { value: raw };
}

function parseFile(rule: TFieldRule, raw: unknown): Parsed {
  const upload = typeof raw === 'string' ? parseUploadString(raw) : null;
  if (upload === null) return { error: FIELD_MSG.fileInvalid(rule.label) };
  if (exceedsUploadLimit(upload.size)) return { error: FIELD_MSG.fileTooLarge(rule.label, MAX_UPLOAD_KB) };
  return { value: raw as string };
}

/** One value of one field: the normalised value, or the Japanese message to show under the field. */
export function parseFieldValue(rule: TFieldRule, raw: unknown, options: TFieldValuesOptions = {}): Parsed {
  if (isEmpty(raw) && !(rule.data_type === 'boolean' && typeof raw === 'boolean')) {
    if (!rule.required) return { value: null };
    if (rule.data_type !== 'file') return { error: FIELD_MSG.required(rule.label) };
    return options.filesPresent?.includes(rule.name) ? { value: null } : { error: MSG.fileRequired };
  }
  switch (rule.data_type) {
    case 'integer':
      return parseInteger(rule, raw);
    case 'decimal':
      return parseDecimal(rule, raw);
    case 'date':
      return parseDate(rule, raw);
    case 'time':
      return parseTime(rule, raw);
    case 'choice':
      return parseChoice(rule, raw);
    case 'file':
      return parseFile(rule, raw);
    case 'boolean':
      return parseBoolean(rule, raw);
    case 'autocomplete':
      return parseAutocomplete(rule, raw);
    case 'text':
      return parseString(rule, raw, DEFAULT_TEXT_MAX_LENGTH);
    case 'string':
      return parseString(rule, raw, DEFAULT_STRING_MAX_LENGTH);
  }
}

/** A field's `default` text as a typed value (null when absent or not valid for the type). */
export function defaultValueOf(rule: TFieldRule, defaultText: string | null): TFieldValue {
  if (defaultText === null || rule.data_type === 'file') return null;
  const raw = rule.multiple
    ? defaultText
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : defaultText;
  const parsed = parseFieldValue({ ...rule, required: false }, raw);
  return 'value' in parsed ? parsed.value : null;
}

/**
 * The zod schema of a form's values `{name: value, …}`. Read-only fields are not accepted from the
 * client (the server gives them their default); unknown keys are dropped. Each field's output is
 * its normalised value: numbers for integer/decimal, booleans, 'HH:MM', arrays for multiple
 * selections, null for an empty optional field; files stay upload strings. Every field's error is
 * reported at once, under the field's name.
 */
export function buildFieldValuesSchema(
  rules: readonly TFieldRule[],
  options: TFieldValuesOptions = {},
): z.ZodType<TFieldValues, Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const values: TFieldValues = {};
    for (const rule of rules) {
      if (rule.read_only) continue;
      const parsed = parseFieldValue(rule, input[rule.name], options);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', path: [rule.name], message: parsed.error });
      else values[rule.name] = parsed.value;
    }
    return values;
  });
}
