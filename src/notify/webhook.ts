// The webhook channel: a signed POST (Standard Webhooks) with a timeout and no
// redirects followed. 2xx = delivered, 410 = gone (the endpoint gets disabled),
// anything else = failed (the queue retries it).
import { discordWebhookBody, isDiscordWebhook } from './chat/discord-webhook.ts';
import { channelOff } from './recipients.ts';
import { webhookHeaders } from './signing.ts';
import type { DeliveryOutcome, NotificationChannel, NotifyJob, PlayerJob, Recipient } from './types.ts';
import type { WebhookPolicy } from '../service/ports.ts';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** The body receivers get: {type, timestamp, data} as the Standard Webhooks spec suggests. */
const webhookBody = (job: NotifyJob | PlayerJob) => JSON.stringify({ type: job.event, timestamp: new Date(job.at).toISOString(), data: job.data });

/**
 * A fetch exception in words a player understands, for the delivery log: which host could
 * not be reached, then the runtime's own message (workerd says only "internal error;
 * reference = …" when the name does not resolve or the connection fails).
 */
export function fetchFailure(url: string, e: unknown, timeoutMs: number): string {
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    host = url;
  }
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) return `${host} did not answer within ${timeoutMs / 1000} s`;
  const message = (e instanceof Error ? e.message : String(e)).trim() || 'no reason given';
  const hint = /internal error/i.test(message) ? ' (the name may not resolve, or the server refused the connection)' : '';
  return `could not connect to ${host}${hint}: ${message}`;
}

export class WebhookChannel implements NotificationChannel {
  readonly name = 'webhook' as const;
  constructor(private readonly options: { policy: WebhookPolicy; clock?: () => number; timeoutMs?: number }) {}

  async deliver(job: NotifyJob, to: Recipient): Promise<DeliveryOutcome> {
    const off = channelOff(to, 'webhook', job.event);
    if (off) return { kind: 'skipped', error: off };
    return this.post(job, to.webhook!, to.webhookSecret!);
  }

  /** Sign and POST one message to a receiver: what a game's webhooks and a player's own share. */
  async post(job: NotifyJob | PlayerJob, url: string, secret: string): Promise<DeliveryOutcome> {
    const problem = await this.options.policy.problem(url);
    if (problem) return { kind: 'skipped', error: `webhook URL ${problem}` };
    // A Discord channel webhook gets Discord's own body (chat/discord-webhook.ts); a 404 there means the webhook was deleted.
    const discord = isDiscordWebhook(url);
    const body = discord ? discordWebhookBody(job) : webhookBody(job);
    const now = (this.options.clock ?? Date.now)();
    const headers = await webhookHeaders(secret, job.id, Math.floor(now / 1000), body);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Subspace-Webhooks/1.0' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
      });
    } catch (e) {
      return { kind: 'failed', error: fetchFailure(url, e, this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) };
    }
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { kind: 'delivered', httpStatus: res.status };
    if (res.status === 410 || (discord && res.status === 404)) return { kind: 'gone', httpStatus: res.status };
    if (res.status >= 300 && res.status < 400) return { kind: 'failed', httpStatus: res.status, error: 'redirects are not followed; give the final URL' };
    return { kind: 'failed', httpStatus: res.status, error: `the receiver answered ${res.status}` };
  }
}
