// `npm run db:generate -w @portal/api` writes a new SQL migration into drizzle/ from the schema
// files. Migrations are committed and applied at start (src/db/migrate.ts); never `drizzle-kit push`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  casing: 'snake_case',
  strict: true,
});
