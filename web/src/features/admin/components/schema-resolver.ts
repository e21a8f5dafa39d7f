import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { SchemaLoader } from '../resource.ts';

export const SCHEMA_LOAD_FAILED = '入力チェックの準備に失敗しました。画面を再読み込みしてください。';

/** Puts `message` at the dotted `path` of a react-hook-form error tree (nested fields need it). */
function place(root: Record<string, unknown>, path: string, message: string) {
  const keys = path === '' ? ['root'] : path.split('.');
  let node = root;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node[key] = typeof next === 'object' && next !== null ? next : {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (!(last in node)) node[last] = { type: 'schema', message };
}

/**
 * A resolver from the shared contract's zod schema: each field gets the first message of its path;
 * a message for the whole body goes to `root`. A schema that fails to load is a `root` error.
 */
export function schemaResolver(load: SchemaLoader): Resolver<FieldValues> {
  const resolver = async (values: FieldValues) => {
    let schema;
    try {
      schema = await load();
    } catch {
      return { values: {}, errors: { root: { type: 'schema', message: SCHEMA_LOAD_FAILED } } };
    }
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as FieldValues, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) place(errors, issue.path.map(String).join('.'), issue.message);
    return { values: {}, errors: errors as FieldErrors<FieldValues> };
  };
  return resolver as Resolver<FieldValues>;
}

/** The server's 400 field errors (`{"contract.end_date": ["…"]}`) the same way. */
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
