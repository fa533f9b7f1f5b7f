// The calmer email: a seat (or player) that chose a digest gets no email per event. The first
// news of a quiet spell sets when the one email goes (now + the chosen hours); the cron takes
// the due digests and queues them; the consumer sends one email per address listing the
// games waiting for its owner, and the other games that had news meanwhile.
import type { DirectoryRow } from '../db/schema.ts';
import { colorName, type Color } from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import { escapeXml } from '../render/xml.ts';
import { AUTO_GENERATED, replyAddress, unsubscribeUrl, type MailConfig } from './addresses.ts';
import type { PushStore } from './push-store.ts';
import type { DeliveryOutcome, DigestJob } from './types.ts';
import { linkOrigin } from '../service/links.ts';

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One game in the list: what it is, against whom, whose move, by when, the link (and the seat, for its unsubscribe link). */
function gameLine(row: DirectoryRow, address: string, origin: string) {
  const you: Color = row.whiteEmail?.toLowerCase() === address ? 'white' : 'black';
  const them = you === 'white' ? row.blackName : row.whiteName;
  const title = getVariant(row.variant)?.title ?? row.variant;
  const state =
    row.status !== 'active'
      ? `over: ${row.status === 'aborted' ? 'aborted' : `${row.result}${row.reason ? ` by ${row.reason}` : ''}`}`
      : row.sideToMove === you
        ? `your move${row.deadline !== null ? `, deadline ${utc(row.deadline)}` : ''}`
        : `${colorName(row.sideToMove)} to move`;
  return {
    id: row.id,
    you,
    text: `${title} game ${row.id} against ${them ?? 'your opponent'} (you play ${colorName(you)}, ply ${row.ply}): ${state}`,
    link: `${origin}/games/${row.id}`,
  };
}

const textLines = (l: { text: string; link: string; stop: string | null }) => [
  `- ${l.text}`,
  `  ${l.link}`,
  ...(l.stop ? [`  No more emails for this game: ${l.stop}`] : []),
];

export class DigestMailer {
  constructor(
    private readonly binding: SendEmail | undefined,
    private readonly config: MailConfig,
    private readonly store: PushStore,
    private readonly publicUrl: string | undefined,
  ) {}

  /** The email of one digest; undefined when nothing is left to say (every game gone). */
  async compose(job: DigestJob) {
    const waiting = await this.store.waitingFor(job.address);
    const waitingIds = new Set(waiting.map((g) => g.id));
    const others = (await this.store.gamesById(job.games.filter((id) => !waitingIds.has(id)))).filter(
      (g) => g.whiteEmail?.toLowerCase() === job.address || g.blackEmail?.toLowerCase() === job.address,
    );
    if (!waiting.length && !others.length) return undefined;
    const origin = linkOrigin(this.publicUrl, job.origin, waiting[0]?.linkOrigin, others[0]?.linkOrigin);
    // Each game's own unsubscribe link (a digest covers several seats, so no one link stops them all).
    const withStop = async (l: ReturnType<typeof gameLine>) => ({ ...l, stop: await unsubscribeUrl(this.config, origin, l.id, l.you) });
    const w = await Promise.all(waiting.map((g) => withStop(gameLine(g, job.address, origin))));
    const o = await Promise.all(others.map((g) => withStop(gameLine(g, job.address, origin))));
    const only = [...w, ...o].length === 1 ? [...w, ...o][0]! : undefined;
    const subject = w.length ? `Your move in ${w.length} game${w.length === 1 ? '' : 's'}` : `News in ${o.length} game${o.length === 1 ? '' : 's'}`;
    const text = [
      `Since ${utc(job.since)}:`,
      '',
      ...(w.length ? ['Waiting for your move:', ...w.flatMap(textLines), ''] : []),
      ...(o.length ? ['Other games with news:', ...o.flatMap(textLines), ''] : []),
      'This is your digest: one email at most every interval you chose, instead of one per event.',
      'Change it on each game page (Notifications) or with PATCH /api/games/<id>/me {"notify":{"digestHours":null}}.',
    ].join('\n');
    const item = (l: { text: string; link: string; stop: string | null }) =>
      `<li><a href="${escapeXml(l.link)}">${escapeXml(l.text)}</a>${l.stop ? ` <small>(<a href="${escapeXml(l.stop)}">no more emails for this game</a>)</small>` : ''}</li>`;
    const html = [
      '<!DOCTYPE html><html><body style="font-family:sans-serif">',
      `<p>Since ${escapeXml(utc(job.since))}:</p>`,
      ...(w.length ? ['<h2>Waiting for your move</h2><ul>', ...w.map(item), '</ul>'] : []),
      ...(o.length ? ['<h2>Other games with news</h2><ul>', ...o.map(item), '</ul>'] : []),
      '<p style="font-size:12px;color:#666">Your digest: one email at most every interval you chose, instead of one per event.</p>',
      '</body></html>',
    ].join('\n');
    // About one game: the mail client's unsubscribe and a reply to play go to that game's seat, as in its own emails.
    const replyTo = only ? await replyAddress(this.config, only.id, only.you) : null;
    return {
      from: this.config.from,
      to: job.address,
      subject: `[Subspace] ${subject}`,
      text,
      html,
      ...(replyTo ? { replyTo } : {}),
      headers: {
        'X-Subspace-Event': 'digest',
        'X-Subspace-Message-Id': job.id,
        ...AUTO_GENERATED,
        ...(only?.stop ? { 'List-Unsubscribe': `<${only.stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
    };
  }

  async deliver(job: DigestJob): Promise<DeliveryOutcome> {
    if (!this.binding) return { kind: 'skipped', error: 'email sending is not configured (no EMAIL binding)' };
    const mail = await this.compose(job);
    if (!mail) return { kind: 'skipped', error: 'no game to tell about any more' };
    try {
      await this.binding.send(mail);
      return { kind: 'delivered' };
    } catch (e) {
      return { kind: 'failed', error: e instanceof Error ? e.message : String(e) };
    }
  }
}
