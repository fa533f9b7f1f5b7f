// Bindings of the Worker (wrangler.jsonc). Other handlers add theirs here.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    /** Base URL for links in responses; empty = the request's origin. */
    PUBLIC_URL?: string;
  }
  interface GlobalProps {
    mainModule: typeof import('./index.ts');
  }
}
