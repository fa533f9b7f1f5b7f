// The Worker's configuration: its environment (wrangler.toml [vars], secrets) read once into typed
// settings, every default here. Code reads the config (`c.var.services.config`, `config(env)`),
// never the raw strings; bindings (DB, queues, rate limiters, objects) stay on the env.
import type { MailConfig } from '../notify/addresses.ts';
import type { VapidKeys } from '../notify/web-push.ts';

const MAIL_FROM = 'games@subspace.example';

export interface Config {
  /** PUBLIC_URL without trailing slashes: the base of every link; undefined = each request's origin. */
  readonly publicUrl: string | undefined;
  /** The key of game ids' tags (src/service/game-ids.ts): REPLY_SECRET, or a fixed local one without it. */
  readonly gameIdKey: string;
  /** The operator's token for /admin routes; undefined: they answer 404. */
  readonly adminToken: string | undefined;
  /** Sender, reply-address domain and signing secret of the emails. */
  readonly mail: MailConfig;
  /** Web Push's VAPID pair and contact; undefined when the pair is not set (no push). */
  readonly vapid: VapidKeys | undefined;
  /** Webhook receivers: local ones allowed (npm start, tests); host names resolved before use. */
  readonly webhooks: { readonly allowLocal: boolean; readonly resolveNames: boolean };
  /** A game that ends is analysed by itself (AUTO_ANALYSIS, default on). */
  readonly autoAnalysis: boolean;
  /** Milliseconds between a stream's keep-alive lines when set (tests shorten it). */
  readonly streamKeepaliveMs: number | undefined;
  /** The bots' secrets and names; an API base only where tests point it at a stand-in (else the platform's own). */
  readonly telegram: {
    readonly token: string | undefined;
    readonly apiBase: string | undefined;
    readonly secret: string | undefined;
    readonly botName: string | undefined;
  };
  readonly discord: { readonly botToken: string | undefined; readonly apiBase: string | undefined; readonly publicKey: string | undefined };
  /** Whether any chat can be reached: without a bot token nothing could be delivered, so nothing is looked up (no D1 read after a move). */
  readonly chatsReachable: boolean;
  /** When set, Slack's form posts to the chat endpoints must carry a valid signature. */
  readonly slackSigningSecret: string | undefined;
}

/** The configuration of this environment (cheap: a request's services read it once, in services.ts). */
export function config(env: Cloudflare.Env): Config {
  const from = env.MAIL_FROM || MAIL_FROM;
  const vapid =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || `mailto:${from}` }
      : undefined;
  return {
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    gameIdKey: env.REPLY_SECRET || 'subspace-local',
    adminToken: env.ADMIN_TOKEN || undefined,
    mail: { from, domain: env.MAIL_DOMAIN || from.split('@')[1] || 'subspace.example', secret: env.REPLY_SECRET || undefined },
    vapid,
    webhooks: { allowLocal: env.ALLOW_LOCAL_WEBHOOKS === 'true', resolveNames: env.WEBHOOK_DNS !== 'off' },
    autoAnalysis: env.AUTO_ANALYSIS !== 'off',
    streamKeepaliveMs: Number(env.STREAM_KEEPALIVE_MS) || undefined,
    telegram: {
      token: env.TELEGRAM_BOT_TOKEN || undefined,
      apiBase: env.TELEGRAM_API_BASE || undefined,
      secret: env.TELEGRAM_SECRET || undefined,
      botName: env.TELEGRAM_BOT_NAME || undefined,
    },
    discord: { botToken: env.DISCORD_BOT_TOKEN || undefined, apiBase: env.DISCORD_API_BASE || undefined, publicKey: env.DISCORD_PUBLIC_KEY || undefined },
    chatsReachable: Boolean(env.TELEGRAM_BOT_TOKEN || env.DISCORD_BOT_TOKEN),
    slackSigningSecret: env.SLACK_SIGNING_SECRET || undefined,
  };
}
