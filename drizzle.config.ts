import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads the schema and writes flat SQL migrations that wrangler applies.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});
