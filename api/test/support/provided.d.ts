// Values the vitest globalSetup hands to every test file (see global-setup.ts).
declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarballs of PGlite data directories: migrated-only and migrated + demo company. */
    pgliteTemplates: { empty: string; seeded: string };
  }
}
export {};
