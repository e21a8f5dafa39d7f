import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** Messages keyed by dotted path ('fields.0.name'); the first one for a path wins. */
export type Problems = Map<string, string>;

function nest(problems: Problems): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of problems) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key) => {
      const next = node[key];
      node[key] = typeof next === 'object' && next !== null ? next : {};
      node = node[key] as Record<string, unknown>;
    });
    const last = keys[keys.length - 1] ?? '';
    const existing = node[last];
    node[last] = { ...(typeof existing === 'object' ? existing : {}), type: 'check', message };
  }
  return root;
}

/**
 * A react-hook-form resolver from a plain check function: these screens mirror the shared schema's
 * rules without loading classic zod, which would grow the zod chunk the sign-in page loads (README
 * "Budget"). The API validates the same body with the shared schema; its 400 errors land under the
 * fields too.
 */
export function checkResolver<T extends FieldValues>(check: (values: T) => Problems): Resolver<T> {
  return (values) => {
    const problems = check(values);
    if (problems.size === 0) return Promise.resolve({ values, errors: {} });
    return Promise.resolve({ values: {}, errors: nest(problems) as FieldErrors<T> });
  };
}

export function addProblem(problems: Problems, path: string, message: string): void {
  if (!problems.has(path)) problems.set(path, message);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD and a real calendar date. */
export function isValidDate(text: unknown): text is string {
  const match = typeof text === 'string' ? DATE.exec(text) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
