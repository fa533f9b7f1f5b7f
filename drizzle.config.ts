import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads the schema and writes flat SQL migrations that wrangler applies.
export default defineConfig({
  dialect: 'sqlite',
  // One file per area (schema.ts, schema-<area>.ts): parallel work adds tables without touching the same file.
  schema: './src/db/schema*.ts',
  out: './migrations',
});
