// The email channel: the same events as emails (board as text and as a PNG in the HTML part, link to the game,
// a per-player reply address to play by email, an unsubscribe link), sent through
// the send_email binding. An address a seat was given gets nothing but one confirmation mail (a
// day at most) until its owner confirms it (src/db/address-store.ts). Under wrangler dev / vitest the binding is simulated and
// each message is written under .wrangler/tmp/ (the local development fallback).
import type { AddressStore } from '../db/address-store.ts';
import { colorName } from '../engine/types.ts';
import { AUTO_GENERATED, confirmAddressUrl, replyAddress, unsubscribeUrl, type MailConfig } from './addresses.ts';
import { emailHtml, emailSubject, emailText } from './messages.ts';
import { channelOff } from './recipients.ts';
import type { DeliveryOutcome, NotificationChannel, NotifyJob, Recipient } from './types.ts';

/** Where an email for a seat on a digest waits instead of going out. */
export interface DigestQueue {
  addToDigest(address: string, gameId: string, dueAt: number, now: number): Promise<void>;
}

/** Which addresses are confirmed (or closed by their owners), and the once-a-day mark of a confirmation mail. */
export type AddressBook = Pick<AddressStore, 'standing' | 'claimAsk' | 'releaseAsk'>;

/**
 * A seat's mails in one thread: each refers to the same made-up first message of the game for
 * that seat (Message-ID itself is the sending service's, so the anchor is never a real mail;
 * mail clients that thread by References group them under it).
 */
export function threadHeaders(config: Pick<MailConfig, 'from'>, job: Pick<NotifyJob, 'gameId' | 'side'>): Record<string, string> {
  const domain = /@([^>\s]+)>?\s*$/.exec(config.from)?.[1] ?? 'subspace.invalid';
  const anchor = `<game.${job.gameId}.${job.side}@${domain}>`;
  return { References: anchor, 'In-Reply-To': anchor };
}

/** Events a digest does not hold: the clock's (a reminder, the last call, the opponent's deadline passed). */
const URGENT: ReadonlySet<string> = new Set(['reminder', 'last-call', 'deadline-passed']);

export class EmailChannel implements NotificationChannel {
  readonly name = 'email' as const;
  constructor(
    private readonly binding: SendEmail | undefined,
    private readonly config: MailConfig,
    private readonly digests?: DigestQueue,
    private readonly clock: () => number = Date.now,
    private readonly addresses?: AddressBook,
  ) {}

  /** The one mail an address gets before its owner confirms it: fixed words, nothing anyone else wrote. */
  async confirmation(job: NotifyJob, address: string) {
    const url = await confirmAddressUrl(this.config, job.origin, address);
    const game = `${job.origin}/games/${job.gameId}`;
    const title = job.data.title ?? job.data.variant;
    const text = [
      `A game of ${title} on Subspace (game ${job.gameId}) gives this address for ${colorName(job.side)}.`,
      '',
      "Subspace mails an address only once its owner has asked for it. To get this game's emails (your turn,",
      `messages, the result) and to play by replying to them, confirm the address here:`,
      url ?? '(this server has no REPLY_SECRET, so it cannot make confirmation links)',
      '',
      'If you do not know this game, ignore this mail: nothing more will be sent to you.',
      `The game: ${game}`,
    ].join('\n');
    return {
      from: this.config.from,
      to: address,
      subject: `[Subspace] Confirm your address for ${title} game ${job.gameId}`,
      text,
      headers: { 'X-Subspace-Event': 'confirm-address', ...AUTO_GENERATED },
    };
  }

  /** An unconfirmed address: a confirmation instead of the event, at most one a day; undefined when the address is confirmed. */
  private async unconfirmed(job: NotifyJob, address: string): Promise<DeliveryOutcome | undefined> {
    if (!this.addresses) return undefined;
    const standing = await this.addresses.standing(address);
    if (standing === 'confirmed') return undefined;
    if (standing === 'blocked')
      return { kind: 'skipped', error: "the address's owner asked for no more email from Subspace (confirming the address again lifts that)" };
    const refused = 'the address is not confirmed by its owner yet';
    if (!this.binding) return { kind: 'skipped', error: `${refused} (and email sending is not configured)` };
    const now = this.clock();
    if (!(await this.addresses.claimAsk(address, now))) return { kind: 'skipped', error: `${refused}: a confirmation was mailed in the last day` };
    try {
      await this.binding.send(await this.confirmation(job, address));
    } catch (e) {
      await this.addresses.releaseAsk(address, now);
      return { kind: 'failed', error: `the confirmation mail: ${e instanceof Error ? e.message : String(e)}` };
    }
    return { kind: 'skipped', error: `${refused}: a confirmation was mailed instead` };
  }

  async compose(job: NotifyJob, to: Recipient) {
    const replyTo = await replyAddress(this.config, job.gameId, job.side);
    const unsubscribe = await unsubscribeUrl(this.config, job.origin, job.gameId, job.side, to.email ?? '');
    const headers: Record<string, string> = {
      'X-Subspace-Event': job.event,
      'X-Subspace-Message-Id': job.id,
      ...AUTO_GENERATED,
      ...threadHeaders(this.config, job),
    };
    if (unsubscribe) {
      headers['List-Unsubscribe'] = `<${unsubscribe}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    return {
      from: this.config.from,
      to: to.email!,
      subject: `[Subspace] ${emailSubject(job.event, job.data)}`,
      text: emailText(job.event, job.data, { replyTo, unsubscribe }),
      html: emailHtml(job.event, job.data, { replyTo, unsubscribe }),
      ...(replyTo ? { replyTo } : {}),
      headers,
    };
  }

  async deliver(job: NotifyJob, to: Recipient): Promise<DeliveryOutcome> {
    const off = channelOff(to, 'email', job.event);
    if (off) return { kind: 'skipped', error: off };
    const unconfirmed = await this.unconfirmed(job, to.email!.toLowerCase());
    if (unconfirmed) return unconfirmed;
    // The clock's warnings are what a digest reader still needs in time: held for the digest they could
    // come after the deadline (tester 12 E13), so they go at once.
    if (to.notify.digestHours !== null && this.digests && !URGENT.has(job.event)) {
      const now = this.clock();
      const due = now + to.notify.digestHours * 3_600_000;
      // The spell starts at the event's own time (the digest tells what was said since then).
      await this.digests.addToDigest(to.email!.toLowerCase(), job.gameId, due, Math.min(now, job.at));
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
