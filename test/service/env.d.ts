/// <reference types="@cloudflare/vitest-plugin/types" />
// Test-only binding: the migrations read by vitest.config.ts.
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
}
