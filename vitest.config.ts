import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  // The same SQL wrangler applies, fed to each test file's fresh local D1 (test/service/setup.ts).
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    test: {
      projects: [
        {
          test: {
            name: 'engine',
            include: ['test/engine/**/*.test.ts', 'test/render/**/*.test.ts'],
            environment: 'node',
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.jsonc' },
              // Tests answer DNS themselves where they need it (notify-webhooks.test.ts); no real lookups.
              miniflare: { bindings: { TEST_MIGRATIONS: migrations, WEBHOOK_DNS: 'off' } },
            }),
          ],
          test: {
            name: 'service',
            include: ['test/service/**/*.test.ts'],
            setupFiles: ['test/service/setup.ts'],
          },
        },
      ],
    },
  };
});
