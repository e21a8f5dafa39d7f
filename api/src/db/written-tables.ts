// Which tables a statement may change, read from its text, so the in-process caches (cache/) are
// told of exactly those instead of everything at each write. Wrong is only ever too much: a statement
// it cannot read (DDL, a function call, MERGE) and every DELETE or TRUNCATE (whose foreign-key
// cascades reach tables it does not name) count as changing every table.
export type WrittenTables = readonly string[] | 'all' | null;

const NAME = String.raw`(?:"?[A-Za-z_][\w$]*"?\.)?"?([A-Za-z_][\w$]*)"?`;
const INSERT = new RegExp(String.raw`\binsert\s+into\s+${NAME}`, 'gi');
// `update t [as] [alias] set`: the `set` keeps `for update`, `for no key update of …` out.
const UPDATE = new RegExp(
  String.raw`\bupdate\s+(?:only\s+)?${NAME}(?:\s+(?:as\s+)?"?[A-Za-z_]\w*"?)?\s+set\b`,
  'gi',
);
const COPY_FROM = new RegExp(String.raw`^\s*copy\s+${NAME}(?:\s*\([^)]*\))?\s+from\b`, 'i');
const CHANGES_EVERYTHING = /\b(delete\s+from|truncate|merge\s+into)\b/i;
/** Statements whose only writes are the INSERTs and UPDATEs found in them. */
const FOLLOWED =
  /^\s*(insert|update|select|with|values|table|show|explain|begin|start\s+transaction|commit|end|rollback|abort|savepoint|release|set|reset|lock|listen|unlisten|notify|prepare\s+transaction|commit\s+prepared|discard|deallocate)\b/i;
const LEADING_COMMENTS = /^(\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/))*/;
/** More than one statement (PGlite's exec, a migration): only the first would be read. */
const SEVERAL = /;\s*\S/;

/**
 * Rows a trigger writes besides its statement's table (the migration that made it says why). A new
 * trigger that writes must be added here: `written-tables.test.ts` compares this with the database.
 */
export const TRIGGER_WRITES: Readonly<Record<string, readonly string[]>> = {
  task_nodes: ['task_awaiting'],
  task_node_approvers: ['task_awaiting'],
};

/**
 * Columns no cache reads: an UPDATE that sets only these changes nothing a cache holds. Each sign-in
 * sets `users.last_login`; counted as a change of `users`, it would drop every cached applicant and
 * session at every sign-in of the month-end surge. A cache that starts reading one must take it off.
 */
export const COLUMNS_NO_CACHE_READS: Readonly<Record<string, readonly string[]>> = {
  users: ['last_login'],
};

const SET_CLAUSE_END = /\s(where|returning|from)\s|$/i;
const ASSIGNED = /"?([A-Za-z_][\w$]*)"?\s*=/g;

/** Whether an UPDATE's SET clause (starting at `from`) assigns only columns no cache reads. */
function setsOnlyUncached(text: string, table: string, from: number): boolean {
  const ignored = COLUMNS_NO_CACHE_READS[table];
  if (!ignored) return false;
  const rest = text.slice(from);
  const clause = rest.slice(0, rest.search(SET_CLAUSE_END));
  const columns = [...clause.matchAll(ASSIGNED)].map((m) => m[1]!);
  return columns.length > 0 && columns.every((column) => ignored.includes(column));
}

export function writtenTables(statement: string): WrittenTables {
  const text = statement.replace(LEADING_COMMENTS, '');
  if (CHANGES_EVERYTHING.test(text) || SEVERAL.test(text)) return 'all';
  const tables = new Set<string>();
  const copied = COPY_FROM.exec(text);
  if (copied) tables.add(copied[1]!);
  else if (!FOLLOWED.test(text)) return 'all';
  for (const match of text.matchAll(INSERT)) tables.add(match[1]!);
  for (const match of text.matchAll(UPDATE))
    if (!setsOnlyUncached(text, match[1]!, match.index + match[0].length)) tables.add(match[1]!);
  if (tables.size === 0) return null;
  for (const table of [...tables]) for (const also of TRIGGER_WRITES[table] ?? []) tables.add(also);
  return [...tables];
}

/** Both together: what a transaction of these statements changed. */
export function joinWritten(a: WrittenTables, b: WrittenTables): WrittenTables {
  if (a === 'all' || b === 'all') return 'all';
  if (!a) return b;
  if (!b) return a;
  return [...new Set([...a, ...b])];
}
