// The calmer email: a seat (or player) that chose a digest gets no email per event. The first
// news of a quiet spell sets when the one email goes (now + the chosen hours); the cron takes
// the due digests and queues them; the consumer sends one email per address listing the
// games waiting for its owner, and the other games that had news meanwhile.
import type { DirectoryRow } from '../db/schema.ts';
import { colorName, opposite, plural, type Color } from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import { escapeXml } from '../render/xml.ts';
import { AUTO_GENERATED, replyAddress, unsubscribeUrl, type MailConfig } from './addresses.ts';
import type { PushStore } from './push-store.ts';
import type { DeliveryOutcome, DigestJob } from './types.ts';
import { computerName } from '../service/computer-sides.ts';
import { replyMarker } from './messages.ts';
import { linkOrigin } from '../service/links.ts';
import { utc, type PublicMessage, type PublicMove } from '../service/public-state.ts';

/** What happened in a game lately, for a seat: its last turn and the opponent's messages since (read from the game's object). */
export type GameNews = (gameId: string, you: Color, since: number) => Promise<{ lastMove: PublicMove | null; messages: readonly PublicMessage[] } | undefined>;

/** Where the digest is set: the signed-in player's page (no API path in a mail: a reader cannot send one; tester 3 F13). */
const setting = (origin: string) => [`Change it on ${origin}/me#notify-heading ("What you are told, in all your games").`];

/** How to answer a digest: it is about several games, so a reply plays nothing, unless it is about one (then it is that game's). */
const howToPlay = (only: unknown) =>
  only
    ? 'To play, reply to this email with your turn on the first line, or open the game from your own player link.'
    : 'To play by email, write "board" to the reply address given under a game: the answer shows the board as it stands, and a reply to that answer plays. A reply to this digest plays nothing.';

/** A moment (epoch ms) as every message writes one: "2026-11-28 12:14 UTC". */
const utcAt = (ms: number) => utc(new Date(ms).toISOString());

/** One game in the list: what it is, against whom, whose move, by when, the link (and the seat, for its unsubscribe link). */
function gameLine(row: DirectoryRow, you: Color, origin: string, news: Awaited<ReturnType<GameNews>>) {
  const level = you === 'white' ? row.blackComputer : row.whiteComputer;
  const them = level !== null ? computerName(level) : you === 'white' ? row.blackName : row.whiteName;
  const title = getVariant(row.variant)?.title ?? row.variant;
  const state =
    row.status !== 'active'
      ? `over: ${row.status === 'aborted' ? 'aborted' : `${row.result}${row.reason ? ` by ${row.reason}` : ''}`}`
      : row.sideToMove === you
        ? `your move${row.deadline !== null ? `, deadline ${utcAt(row.deadline)}` : ''}`
        : `${colorName(row.sideToMove)} to move`;
  const name = (side: Color) => {
    const named = side === 'white' ? row.whiteName : row.blackName;
    return named ? `${named} (${colorName(side)})` : colorName(side);
  };
  // The last turn, and the opponent's words quoted line by line (as in the game's own emails).
  const last = news?.lastMove ? [`Last turn: ${name(news.lastMove.side)} played ${news.lastMove.text} (ply ${news.lastMove.ply}).`] : [];
  const said = (news?.messages ?? []).flatMap((m) => [`${name(m.side)} wrote (ply ${m.ply}):`, ...m.text.split('\n').map((l) => `> ${l}`)]);
  // What the opponent asks, waiting for an answer (tester 12 E15: a digest never said an offer stood).
  const other = opposite(you);
  const asks =
    row.status !== 'active'
      ? []
      : [
          ...(row.drawOfferBy === other ? [`${name(other)} offers a draw (answer "accept" or "decline").`] : []),
          ...(row.takebackOfferBy === other ? [`${name(other)} asks to take back their last turn (answer "takeback accept" or "takeback decline").`] : []),
          ...(row.pauseOfferBy === other && row.pauseOfferDays
            ? [`${name(other)} asks for a pause of ${plural(row.pauseOfferDays, 'day')} (answer "pause accept" or "pause decline").`]
            : []),
        ];
  return {
    id: row.id,
    you,
    text: `${title} game ${row.id} against ${them ?? 'your opponent'} (you play ${colorName(you)}, ply ${row.ply}): ${state}`,
    news: [...last, ...said, ...asks],
    link: `${origin}/games/${row.id}`,
  };
}

type GameLine = ReturnType<typeof gameLine> & { stop: string | null; reply: string | null };

const textLines = (l: GameLine) => [
  `- ${l.text}`,
  ...l.news.map((n) => `  ${n}`),
  `  ${l.link}`,
  ...(l.reply ? [`  To play by email: write "board" to ${l.reply}`] : []),
  ...(l.stop ? [`  No more emails for this game: ${l.stop}`] : []),
];

export class DigestMailer {
  constructor(
    private readonly binding: SendEmail | undefined,
    private readonly config: MailConfig,
    private readonly store: PushStore,
    private readonly publicUrl: string | undefined,
    private readonly news?: GameNews,
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
    const line = async (g: DirectoryRow): Promise<GameLine> => {
      // The seat mailed at this address.
      const you: Color = g.whiteEmail?.toLowerCase() === job.address ? 'white' : 'black';
      // A game whose object cannot say is listed without its news, not left out.
      const news = await this.news?.(g.id, you, job.since).catch(() => undefined);
      const l = gameLine(g, you, origin, news);
      // The game's reply address (tester 12 E8: the digest stood in for the mails one replies to).
      return { ...l, stop: await unsubscribeUrl(this.config, origin, l.id, l.you, job.address), reply: await replyAddress(this.config, l.id, l.you) };
    };
    // Waiting games by deadline, nearest first, none last (as /me lists them).
    const w = await Promise.all([...waiting].sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity)).map(line));
    const o = await Promise.all(others.map(line));
    const only = [...w, ...o].length === 1 ? [...w, ...o][0]! : undefined;
    const subject = w.length ? `Your move in ${w.length} game${w.length === 1 ? '' : 's'}` : `News in ${o.length} game${o.length === 1 ? '' : 's'}`;
    // About one game that waits: its marker, so a reply is for the position the digest showed, as a game mail's is.
    const shown = only && waiting.length === 1 && waiting[0]!.status === 'active' ? waiting[0]! : undefined;
    const text = [
      ...(shown ? [replyMarker(shown.id, shown.ply, shown.position), ''] : []),
      `Since ${utcAt(job.since)}:`,
      '',
      ...(w.length ? ['Waiting for your move:', ...w.flatMap(textLines), ''] : []),
      ...(o.length ? ['Other games with news:', ...o.flatMap(textLines), ''] : []),
      howToPlay(only),
      'This is your digest: one email at most every interval you chose, instead of one per event.',
      ...setting(origin),
    ].join('\n');
    const item = (l: GameLine) =>
      `<li><a href="${escapeXml(l.link)}">${escapeXml(l.text)}</a>${l.reply ? ` <small>(to play by email: write "board" to ${escapeXml(l.reply)})</small>` : ''}${l.stop ? ` <small>(<a href="${escapeXml(l.stop)}">no more emails for this game</a>)</small>` : ''}${
        l.news.length ? `<br><span style="white-space:pre-wrap">${escapeXml(l.news.join('\n'))}</span>` : ''
      }</li>`;
    const html = [
      '<!DOCTYPE html><html><body style="font-family:sans-serif">',
      `<p>Since ${escapeXml(utcAt(job.since))}:</p>`,
      ...(w.length ? ['<h2>Waiting for your move</h2><ul>', ...w.map(item), '</ul>'] : []),
      ...(o.length ? ['<h2>Other games with news</h2><ul>', ...o.map(item), '</ul>'] : []),
      `<p>${escapeXml(howToPlay(only))}</p>`,
      `<p style="font-size:12px;color:#666">Your digest: one email at most every interval you chose, instead of one per event. ${escapeXml(setting(origin).join(' '))}</p>`,
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
