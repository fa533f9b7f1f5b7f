// Bindings of the Worker (wrangler.toml). Other handlers add theirs here.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    /** Base URL for links in responses; empty = the request's origin. */
    PUBLIC_URL?: string;
    /** Notifications to deliver (webhooks, emails): one message per (event, player, channel). */
    NOTIFY_QUEUE?: Queue<import('../notify/types.ts').QueueJob>;
    /** The computer's work: turns to play (games against the computer) {gameId, ply}, and pieces of post-game analysis {kind: "analysis", gameId, from}. */
    COMPUTER_QUEUE?: Queue<import('./computer-queue.ts').ComputerJob>;
    /** Outbound email (send_email binding). */
    EMAIL?: SendEmail;
    /** From address of notification emails. */
    MAIL_FROM?: string;
    /** Domain of the per-player reply addresses (play+<game>.<side>.<tag>@MAIL_DOMAIN). */
    MAIL_DOMAIN?: string;
    /** Secret that signs reply addresses and unsubscribe links (wrangler secret). */
    REPLY_SECRET?: string;
    /** The operator's token for /admin routes (`npm run migrate:games`); unset: those routes do not exist.
     * `npm start` sets a local one; `npm run deploy` makes one when missing and keeps it in .wrangler/admin-token. */
    ADMIN_TOKEN?: string;
    /** "true" lets webhooks go to http://127.0.0.1 / localhost (npm start, tests); unset in production. */
    ALLOW_LOCAL_WEBHOOKS?: string;
    /** "off" skips resolving webhook host names over DNS-over-HTTPS (tests; a resolver-less network). */
    WEBHOOK_DNS?: string;
    /** Web Push (VAPID, RFC 8292): the public key (uncompressed P-256 point, base64url) and the private scalar d (base64url, a secret).
     * `npm start` makes a local pair (.vapid-dev.json); `npm run deploy` sets both as secrets when missing. */
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    /** The contact push services see (mailto: or https:); default mailto:MAIL_FROM. */
    VAPID_SUBJECT?: string;
    /** New games per client address (ratelimits binding). */
    NEW_GAME_LIMITER?: RateLimit;
    MAIL_LIMITER?: RateLimit;
    CHALLENGE_LIMITER?: RateLimit;
    /** Slack's signing secret: when set, Slack's form posts to the chat endpoints must carry a valid signature. */
    SLACK_SIGNING_SECRET?: string;
    /** The picture Worker (PNG boards), a service binding: RPC png(svg). */
    PICTURES?: Service<typeof import('../pictures/index.ts').default>;
    /** The event streams: one Durable Object per game and per player (src/worker/event-hub.ts). */
    EVENT_HUB: DurableObjectNamespace<import('./event-hub.ts').EventHub>;
    /** One Durable Object per game: its alarm (timeouts, reminders, pause ends, overdue computer turns) and the game page's sockets (src/worker/game-object.ts). */
    GAMES: DurableObjectNamespace<import('./game-object.ts').GameObject>;
    /** Milliseconds between keep-alive blank lines of a stream (tests shorten it; at most 25 s). */
    STREAM_KEEPALIVE_MS?: string;
    /** "off": a game that ends is not analysed by itself (the service tests; POST …/analysis still asks). Default on. */
    AUTO_ANALYSIS?: string;
  }
  interface GlobalProps {
    mainModule: typeof import('./index.ts');
  }
}

// Modules wrangler bundles as binary (the picture Worker: wrangler.pictures.toml "rules" and the default *.wasm rule).
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
