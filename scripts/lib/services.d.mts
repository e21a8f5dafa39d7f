// Types of services.mjs for the TypeScript that imports it (tests/bench).
export interface StartedService {
  readonly url: string;
  stop(): Promise<void>;
}

/** A PostgreSQL admin URL that answers (127.0.0.1:5432 or PORTAL_TEST_PG_URL), else a private server. */
export function ensurePostgres(): Promise<StartedService>;
/** A Redis URL that answers, else a private redis-server. */
export function ensureRedis(): Promise<StartedService>;
export function ensurePackages(options: { needPostgresBinaries: boolean }): Promise<void>;
