import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { FIELD_MSG } from '@portal/shared/messages';
import { valueAt, type FieldDecl } from '../resource.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** The first problem of one declared field's value, in the contract's own Japanese words. */
export function problemOf(field: FieldDecl, value: unknown): string | null {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (field.kind === 'files')
    return Array.isArray(value) && field.maxLength !== undefined && value.length > field.maxLength
      ? FIELD_MSG.tooManyChoices(field.label, field.maxLength)
      : null;
  if (field.kind === 'check' || field.kind === 'multi') return null;
  if (empty) return field.required ? FIELD_MSG.required(field.label) : null;
  if (typeof value !== 'string') return null;
  if (field.kind === 'date' && !isDate(value)) return FIELD_MSG.date(field.label);
  if (field.kind === 'time' && !TIME.test(value.slice(0, 5))) return FIELD_MSG.time(field.label);
  if (field.kind === 'datetime' && !isDate(value.slice(0, 10))) return FIELD_MSG.date(field.label);
  if (field.minLength !== undefined && value.length < field.minLength)
    return FIELD_MSG.minLength(field.label, field.minLength);
  if (field.maxLength !== undefined && value.length > field.maxLength)
    return FIELD_MSG.maxLength(field.label, field.maxLength);
  return null;
}

/** Puts `message` at the dotted `path` of a react-hook-form error tree (nested fields need it). */
function place(root: Record<string, unknown>, path: string, message: string) {
  const keys = path.split('.');
  let node = root;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node[key] = typeof next === 'object' && next !== null ? next : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = { type: 'check', message };
}

/** A resolver from the declared fields; everything else is the API's to refuse (400, placed alike). */
export function fieldResolver(fields: readonly FieldDecl[]): Resolver<FieldValues> {
  const resolver = (values: FieldValues) => {
    const errors: Record<string, unknown> = {};
    for (const field of fields) {
      const problem = problemOf(field, valueAt(values, field.name));
      if (problem) place(errors, field.name, problem);
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<FieldValues> };
  };
  return resolver as Resolver<FieldValues>;
}

/** The server's 400 field errors (`{"contract.end_date": ["…"]}`): placed under known inputs or not. */
export function serverErrors(fields: Record<string, string[]>, known: readonly string[]) {
  const placed: [string, string][] = [];
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const [first] = messages;
    if (first === undefined) continue;
    if (known.includes(key)) placed.push([key, first]);
    else unplaced.push(...messages);
  }
  return { placed, unplaced };
}
