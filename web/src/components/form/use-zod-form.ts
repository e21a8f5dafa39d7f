import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * Any zod 4 schema, classic or zod/mini: both carry safeParseAsync. Typed structurally so this
 * module imports no zod at run time.
 */
type AnySchema = z.core.$ZodType<FieldValues, FieldValues> & {
  safeParseAsync(
    data: unknown,
  ): Promise<
    | { success: true; data: z.output<z.core.$ZodType<FieldValues, FieldValues>> }
    | { success: false; error: z.core.$ZodError }
  >;
};

/** A schema, or a function that imports one: zod then loads only when the form first validates. */
export type SchemaSource<TSchema extends AnySchema> = TSchema | (() => Promise<TSchema>);

export const SCHEMA_LOAD_FAILED = '入力チェックの準備に失敗しました。画面を再読み込みしてください。';

/**
 * A react-hook-form resolver for a zod schema: each field gets the first message zod reports for
 * it; a schema that fails to load becomes a form-level (`root`) error.
 */
export function zodFormResolver<TSchema extends AnySchema>(
  source: SchemaSource<TSchema>,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  return async (values) => {
    let schema: TSchema;
    try {
      schema = typeof source === 'function' ? await source() : source;
    } catch {
      const errors = { root: { type: 'schema', message: SCHEMA_LOAD_FAILED } };
      return { values: {}, errors: errors as FieldErrors<z.input<TSchema>> };
    }
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as z.output<TSchema>, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<z.input<TSchema>> };
  };
}

/**
 * react-hook-form validated by a shared zod schema — the same schema the API checks the body with.
 * Errors show after the first submit, then update as the user types.
 */
export function useZodForm<TSchema extends AnySchema>(
  source: SchemaSource<TSchema>,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'> = {},
) {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodFormResolver(source),
  });
}
