// The email channel: the same events as emails (board as text and as a PNG in the HTML part, link to the game,
// a per-player reply address to play by email, an unsubscribe link), sent through
// the send_email binding. Under wrangler dev / vitest the binding is simulated and
// each message is written under .wrangler/tmp/ (the local development fallback).
import { replyAddress, unsubscribeUrl, type MailConfig } from './addresses.ts';
import { emailHtml, emailText, subject } from './messages.ts';
import { channelOff } from './recipients.ts';
import type { DeliveryOutcome, NotificationChannel, NotifyJob, Recipient } from './types.ts';

/** Where an email for a seat on a digest waits instead of going out. */
export interface DigestQueue {
  addToDigest(address: string, gameId: string, dueAt: number, now: number): Promise<void>;
}

export class EmailChannel implements NotificationChannel {
  readonly name = 'email' as const;
  constructor(
    private readonly binding: SendEmail | undefined,
    private readonly config: MailConfig,
    private readonly digests?: DigestQueue,
    private readonly clock: () => number = Date.now,
  ) {}

  async compose(job: NotifyJob, to: Recipient) {
    const replyTo = await replyAddress(this.config, job.gameId, job.side);
    const unsubscribe = await unsubscribeUrl(this.config, job.origin, job.gameId, job.side);
    const headers: Record<string, string> = { 'X-Subspace-Event': job.event, 'X-Subspace-Message-Id': job.id };
    if (unsubscribe) {
      headers['List-Unsubscribe'] = `<${unsubscribe}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    return {
      from: this.config.from,
      to: to.email!,
      subject: `[Subspace] ${subject(job.event, job.data)}`,
      text: emailText(job.event, job.data, { replyTo, unsubscribe }),
      html: emailHtml(job.event, job.data, { replyTo, unsubscribe }),
      ...(replyTo ? { replyTo } : {}),
      headers,
    };
  }

  async deliver(job: NotifyJob, to: Recipient): Promise<DeliveryOutcome> {
    const off = channelOff(to, 'email', job.event);
    if (off) return { kind: 'skipped', error: off };
    if (to.notify.digestHours !== null && this.digests) {
      const now = this.clock();
      const due = now + to.notify.digestHours * 3_600_000;
      await this.digests.addToDigest(to.email!.toLowerCase(), job.gameId, due, now);
      return { kind: 'digest', error: `kept for the digest (at most one email every ${to.notify.digestHours} h)` };
    }
    if (!this.binding) return { kind: 'skipped', error: 'email sending is not configured (no EMAIL binding)' };
    try {
      await this.binding.send(await this.compose(job, to));
      return { kind: 'delivered' };
    } catch (e) {
      return { kind: 'failed', error: e instanceof Error ? e.message : String(e) };
    }
  }
}
