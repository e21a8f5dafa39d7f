// Hot queries built once per database handle: building a drizzle query costs more CPU than running
// a small one, and on PostgreSQL a named statement is parsed (and, after a few runs, planned) once
// per connection. Values go in as placeholders (sql.placeholder) at execute time.
import type { Db } from '../../db/client.ts';

export function preparedPerDb<P>(name: string, build: (db: Db) => { prepare(name: string): P }) {
  const prepared = new WeakMap<Db, P>();
  return (db: Db): P => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db).prepare(name);
      prepared.set(db, query);
    }
    return query;
  };
}
