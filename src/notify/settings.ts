// The notification side of the service: a player's settings (GET/PATCH .../me), the
// delivery log, one-click unsubscribe, and the reminder cron.
import type { GameRow } from '../db/schema.ts';
import { opposite, type Color } from '../engine/types.ts';
import { heldSeat, type KeyCheck } from '../service/seat-holder.ts';
import { webhookChange } from '../service/webhook-setting.ts';
import type { EventSink, GameAlarms, WebhookPolicy } from '../service/ports.ts';
import type { PublicMove } from '../service/public-state.ts';
import { claimNoticeAt, lastCallAt, reminderAt } from '../service/due.ts';
import { done, fail, type ServiceResult } from '../service/result.ts';
import type { AddressStore } from '../db/address-store.ts';
import { checkAddressConfirmation, checkUnsubscribe, replyAddress, type MailConfig } from './addresses.ts';
import { recipient, storedNotify } from './recipients.ts';
import type { SettingsPatch } from './schemas.ts';
import type { NotifyStore, PlayerChanges } from './store.ts';
import type { PushStore } from './push-store.ts';
import type { DigestJob, NotifySettings, QueueJob } from './types.ts';
import { STRICT_WEBHOOKS } from './url-policy.ts';
import { sendJobs } from './queue.ts';
import { QueueNotifier } from './publisher.ts';

export interface PlayerSettings {
  readonly side: Color;
  readonly name: string | null;
  readonly email: string | null;
  readonly webhook: string | null;
  /** True after the receiver answered 410 Gone; setting the webhook again re-enables it. */
  readonly webhookDisabled: boolean;
  /** Email this address to play by email (null when reply-to-play is not configured). */
  readonly replyTo: string | null;
  readonly notify: NotifySettings;
  readonly reminderPercent: number;
  /** Only in the PATCH answer that set a new webhook URL. */
  readonly webhookSecret?: string;
}

interface Delivery {
  readonly messageId: string;
  readonly event: string;
  readonly channel: string;
  readonly attempt: number;
  readonly status: string;
  readonly httpStatus: number | null;
  readonly error: string | null;
  readonly at: string;
}

/** A seat's email address, lower case. */
const seatEmail = (row: GameRow, side: Color) => (side === 'white' ? row.whiteEmail : row.blackEmail)?.toLowerCase();

export class NotifyService {
  constructor(
    private readonly store: NotifyStore,
    private readonly mail: MailConfig,
    private readonly options: {
      webhookPolicy?: WebhookPolicy;
      clock?: () => number;
      events?: EventSink;
      lastMove?: (row: GameRow) => Promise<PublicMove | null>;
      /** The game's alarm: a new reminder share moves its reminder. */
      alarms?: GameAlarms;
      /** Last calls and digests (src/notify/push-store.ts), and the queue digests go through. */
      push?: PushStore;
      queue?: Queue<QueueJob>;
      publicUrl?: string;
      /** Which addresses their owners confirmed (a seat's address gets mail only then). */
      addresses?: Pick<AddressStore, 'confirm' | 'block'>;
      /** Player keys act as the token of their player's seat (as on every game route). */
      players?: KeyCheck;
    } = {},
  ) {}

  private now() {
    return (this.options.clock ?? Date.now)();
  }

  private async player(id: string, token: string): Promise<ServiceResult<{ row: GameRow; side: Color }>> {
    return heldSeat(await this.store.game(id), id, token, this.options.players);
  }

  private async settingsOf(row: GameRow, side: Color): Promise<PlayerSettings> {
    const to = recipient(row, side, await this.store.playerNotify(side === 'white' ? row.whitePlayerId : row.blackPlayerId));
    return {
      side,
      name: side === 'white' ? row.whiteName : row.blackName,
      email: to.email,
      webhook: to.webhook,
      webhookDisabled: to.webhookDisabled,
      replyTo: await replyAddress(this.mail, row.id, side),
      notify: to.notify,
      reminderPercent: side === 'white' ? row.whiteReminderPercent : row.blackReminderPercent,
    };
  }

  async get(id: string, token: string): Promise<ServiceResult<PlayerSettings>> {
    const who = await this.player(id, token);
    if (!who.ok) return who;
    return done(await this.settingsOf(who.value.row, who.value.side));
  }

  async patch(id: string, token: string, input: SettingsPatch): Promise<ServiceResult<PlayerSettings>> {
    const who = await this.player(id, token);
    if (!who.ok) return who;
    const { row, side } = who.value;
    const current = recipient(row, side);
    const changes: PlayerChanges = {};
    let webhookSecret: string | undefined;
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) changes.email = input.email;
    if (input.webhook !== undefined) {
      const change = await webhookChange(this.options.webhookPolicy ?? STRICT_WEBHOOKS, current, input.webhook);
      if (!change.ok) return change;
      Object.assign(changes, change.value.changes);
      webhookSecret = change.value.secret;
    }
    // Only what the seat chose is stored: where it chose nothing, its player's choices apply.
    if (input.notify) changes.notifyPatch = JSON.stringify(input.notify);
    if (input.reminderPercent !== undefined) changes.reminderPercent = input.reminderPercent;
    await this.store.updatePlayer(id, side, changes, this.now());
    const stored = (await this.store.game(id))!;
    if (changes.reminderPercent !== undefined) await this.options.alarms?.arm(stored);
    // The webhook this request wrote, with its secret: a change made at the same moment may have come after it.
    const read = await this.settingsOf(stored, side);
    const settings = changes.webhook !== undefined ? { ...read, webhook: changes.webhook, webhookDisabled: false } : read;
    return done(webhookSecret ? { ...settings, webhookSecret } : settings);
  }

  /** The delivery log of the player's own notifications, newest first. */
  async deliveries(id: string, token: string): Promise<ServiceResult<{ side: Color; deliveries: Delivery[] }>> {
    const who = await this.player(id, token);
    if (!who.ok) return who;
    const rows = await this.store.deliveries(id, who.value.side);
    return done({
      side: who.value.side,
      deliveries: rows.map((r) => ({
        messageId: r.messageId,
        event: r.event,
        channel: r.channel,
        attempt: r.attempt,
        status: r.status,
        httpStatus: r.httpStatus,
        error: r.error,
        at: new Date(r.at).toISOString(),
      })),
    });
  }

  /**
   * The game of a good unsubscribe link (403 for a link that is not ours, 404 for a game that is gone),
   * and whether it names the seat's address as it is now (only such a link may stop all mail to it).
   */
  private async unsubscribing(id: string, side: Color, t: string): Promise<ServiceResult<{ row: GameRow; ofAddress: boolean }>> {
    const row = await this.store.game(id);
    const link = await checkUnsubscribe(this.mail, id, side, (row && seatEmail(row, side)) || null, t);
    if (!link) return fail(403, 'bad_link', 'this unsubscribe link is not valid, or was mailed to an address this seat no longer has');
    return row ? done({ row, ofAddress: link === 'address' }) : fail(404, 'unknown_game', `no game with id ${id}`);
  }

  /**
   * The signed link in every email: turn that player's emails off (`on`: back on, from the page that
   * said it was done; tester 12 E6: an email-only player had no other way back).
   */
  async unsubscribe(id: string, side: Color, t: string, on = false): Promise<ServiceResult<{ gameId: string; side: Color }>> {
    const link = await this.unsubscribing(id, side, t);
    if (!link.ok) return link;
    const row = link.value.row;
    const notify = { ...storedNotify(side === 'white' ? row.whiteNotify : row.blackNotify), email: on };
    await this.store.updatePlayer(id, side, { notify: JSON.stringify(notify) }, this.now());
    return done({ gameId: id, side });
  }

  /**
   * The unsubscribe link's other choice: the seat's address gets no more mail from Subspace at all,
   * from any game, this or a later one (tester 3 F10: anyone could name a confirmed address in new
   * games). Confirming the address again lifts it.
   */
  async unsubscribeAddress(id: string, side: Color, t: string): Promise<ServiceResult<{ gameId: string; side: Color; email: string }>> {
    const link = await this.unsubscribing(id, side, t);
    if (!link.ok) return link;
    const email = seatEmail(link.value.row, side);
    if (!email || !this.options.addresses) return fail(400, 'bad_request', `${side} in game ${id} has no email address now: nothing to stop`);
    if (!link.value.ofAddress)
      return fail(403, 'bad_link', `this link comes from a mail that does not name its address: it stops this game's mail only, not all mail to ${email}`);
    await this.options.addresses.block(email, this.now());
    return done({ gameId: id, side, email });
  }

  /** For the unsubscribe page: the seat's address (null: none) when the link is good and its game there; else undefined. */
  async unsubscribeTarget(id: string, side: Color, t: string): Promise<string | null | undefined> {
    const link = await this.unsubscribing(id, side, t);
    // The address is offered to be closed to all mail only by a link that was mailed to it.
    return link.ok ? (link.value.ofAddress ? seatEmail(link.value.row, side) : null) : undefined;
  }

  /** The signed link in the one mail an unconfirmed address gets: its owner asks for the mail. */
  /** Whether a confirmation link is ours (its tag), confirming nothing: the page before the button says so already. */
  async addressLink(email: string, t: string): Promise<ServiceResult<{ email: string }>> {
    const address = email.toLowerCase();
    if (!this.options.addresses || !(await checkAddressConfirmation(this.mail, address, t)))
      return fail(403, 'bad_link', 'this confirmation link is not valid (copy the whole link from the mail)');
    return done({ email: address });
  }

  async confirmAddress(email: string, t: string): Promise<ServiceResult<{ email: string }>> {
    const link = await this.addressLink(email, t);
    if (!link.ok) return link;
    await this.options.addresses!.confirm(link.value.email, this.now());
    await this.retellWaiting(link.value.email);
    return link;
  }

  /**
   * An address just confirmed: each game waiting for its owner (their move) mails the turn again, which
   * the confirmation mail stood in for (tester 12 E1: an email-only player was never told it was their
   * move, and had no mail to reply to). Email only: the other channels had it.
   */
  private async retellWaiting(address: string): Promise<void> {
    const { push, queue } = this.options;
    if (!push || !queue) return;
    const mail = new QueueNotifier(queue, this.options.publicUrl, this.now.bind(this));
    for (const waiting of await push.waitingFor(address, 20)) {
      try {
        const row = await this.store.game(waiting.id);
        if (row?.status !== 'active' || seatEmail(row, row.sideToMove) !== address) continue;
        const jobs = mail.jobs(row, [{ type: 'turn', recipients: [row.sideToMove] }], (await this.options.lastMove?.(row)) ?? null);
        await sendJobs(
          queue,
          jobs.filter((job) => job.channel === 'email'),
        );
      } catch (e) {
        console.error(`game ${waiting.id}: could not mail the turn again after the address was confirmed:`, e);
      }
    }
  }

  /** The reminder of this game's side to move, if it is due now and not sent yet (the cron, or the game's alarm); whether it went out. */
  async remindGame(row: GameRow): Promise<boolean> {
    const now = this.now();
    const at = reminderAt(row);
    if (at === undefined || now < at || now > row.deadline!) return false;
    if (!(await this.store.markReminded(row.id, row.ply))) return false;
    // Once the last call's moment has come it says more than a reminder: the reminder is not sent
    // after it, nor beside it (a reminder percent above 90, or both found due at once).
    const lastCall = lastCallAt(row);
    if (lastCall !== undefined && now >= lastCall) return false;
    if (this.options.events) {
      try {
        await this.options.events.publish(row, [{ type: 'reminder', recipients: [row.sideToMove] }], (await this.options.lastMove?.(row)) ?? null);
      } catch (e) {
        console.error(`game ${row.id}: could not queue the reminder:`, e);
      }
    }
    return true;
  }

  /** A reminder or last call to the side to move, through every channel (email, webhook, push). */
  async tell(row: GameRow, type: 'reminder' | 'last-call'): Promise<void> {
    if (!this.options.events) return;
    try {
      await this.options.events.publish(row, [{ type, recipients: [row.sideToMove] }], (await this.options.lastMove?.(row)) ?? null);
    } catch (e) {
      console.error(`game ${row.id}: could not queue the ${type}:`, e);
    }
  }

  /** One game's last call, if it is due and was not sent for this ply yet. */
  async lastCall(row: GameRow): Promise<boolean> {
    const now = this.now();
    if (row.status !== 'active' || row.deadline === null || !row.daysPerMove) return false;
    if (now > row.deadline || row.deadline - now > row.daysPerMove * 8_640_000) return false;
    if (!(await this.store.markLastCall(row.id, row.ply))) return false;
    await this.tell(row, 'last-call');
    return true;
  }

  /**
   * Timeout mode 'claim': once the side to move let its deadline pass, the waiting player hears that
   * the win may be claimed (once per deadline; nobody is told while a pause runs).
   */
  async claimNotice(row: GameRow): Promise<boolean> {
    // When it is due is due.ts's one rule, as the alarm reads it.
    const at = claimNoticeAt(row);
    if (at === undefined || this.now() < at || !(await this.store.markClaimNotice(row.id, row.deadline!))) return false;
    if (!this.options.events) return true;
    try {
      await this.options.events.publish(
        row,
        [{ type: 'deadline-passed', recipients: [opposite(row.sideToMove)] }],
        (await this.options.lastMove?.(row)) ?? null,
      );
    } catch (e) {
      console.error(`game ${row.id}: could not queue the claim notice:`, e);
    }
    return true;
  }

  /** The cron: the digests that are due go to the queue, one message per address. */
  async sendDigests(limit = 100): Promise<string[]> {
    const { push, queue } = this.options;
    if (!push || !queue) return [];
    const now = this.now();
    const due = await push.takeDueDigests(now, limit);
    const jobs: DigestJob[] = due.map((d) => ({
      id: `digest_${d.address}_${now.toString(36)}`,
      channel: 'digest',
      address: d.address,
      games: d.games,
      since: d.since,
      at: now,
      origin: this.options.publicUrl || null,
    }));
    await sendJobs(queue, jobs);
    return due.map((d) => d.address);
  }
}
