import { defineConfig } from 'drizzle-kit';

// The tables of each game's Durable Object (src/db/game-schema.ts): drizzle-kit writes their
// migrations here; scripts/game-migrations.mjs turns them into the module the object applies.
export default defineConfig({
  dialect: 'sqlite',
  driver: 'durable-sqlite',
  schema: './src/db/game-schema.ts',
  out: './migrations-game',
});
