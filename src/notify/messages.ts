// The words of notifications: subjects and bodies of emails (and short summaries).
import { clockRuleWords, withOptions } from '../service/option-words.ts';
import { colorName, opposite, plural, type Color } from '../engine/types.ts';
import { escapeXml } from '../render/xml.ts';
import type { PlayerEvent, PublicChallenge } from '../service/challenges.ts';
import { formatWords, type TournamentSummary } from '../service/tournament-views.ts';
import type { MyGame } from '../service/players.ts';
import { positionKey, utc } from '../service/public-state.ts';
import type { NotifyEvent } from '../service/ports.ts';
import { planOutcomeWords } from '../service/plan-outcome.ts';
import { resultWords, winnerOf } from '../service/outcome-words.ts';
import { ratingChangeText } from '../service/ratings.ts';
import type { EventData } from './types.ts';

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

function who(data: EventData, side: Color): string {
  const name = data.players[side];
  return name ? `${name} (${colorName(side)})` : colorName(side);
}

/** The variant's rules page (plain words, diagrams), on the same site as the game's link. */
export const rulesLink = (siteUrl: string, variant: string) => new URL(`/rules/${encodeURIComponent(variant)}`, siteUrl).href;

/** A clock's pace in words: "1 day per move". */
export const clockWords = (daysPerMove: number) => `${plural(daysPerMove, 'day')} per move`;

/**
 * The deadline line of every channel (mail, push, the chat's board answer): "Deadline 2026-11-29 16:48 UTC
 * (1 day per move)." - one wording, the time as every subject writes it.
 */
export const deadlineLine = (deadline: string, daysPerMove?: number) => `Deadline ${utc(deadline)}${daysPerMove ? ` (${clockWords(daysPerMove)})` : ''}.`;

/** The deadline line of an event for the player it is for: only on their own move in a game going on. */
export const yourDeadline = (data: EventData) =>
  data.deadline && data.status === 'active' && data.sideToMove === data.you ? deadlineLine(data.deadline, data.daysPerMove) : undefined;

const gameName = (data: EventData) => `${data.title ?? data.variant} game ${data.gameId}`;

/** A tournament game's tournament, as far as known: "round 2 of the tournament Spring Cup". */
function tournamentWords(t: NonNullable<EventData['tournament']>): string {
  if (!t.name) return 'a tournament';
  return `${t.round ? `round ${t.round} of ` : ''}the tournament ${t.name}`;
}

function outcomeText(data: EventData): string {
  if (data.status === 'aborted') return 'the game was aborted';
  const how = data.reason ? ` by ${data.reason}` : '';
  if (data.result === '1/2-1/2') return `drawn${how}`;
  if (data.winner) return `${who(data, data.winner)} won${how} (${data.result})`;
  return `over (${data.result})`;
}

/**
 * Which turns a takeback asked of `data.you` undoes: the asker's last one, and the reply to it when
 * that was played since (tester 3 F15: the mail named the reader's own turn as the one in question).
 */
function takenBack(data: EventData): string {
  const last = data.lastMove;
  if (!last) return '';
  if (last.side !== data.you) return `, ${last.text} (ply ${last.ply})`;
  return ` (ply ${last.ply - 1}); accepting also takes back your reply, ${last.text} (ply ${last.ply}), and it is their move again`;
}

export function subject(event: NotifyEvent, data: EventData): string {
  const name = gameName(data);
  switch (event) {
    case 'turn':
      return data.lastMove ? `Your move in ${name}: ${colorName(data.lastMove.side)} played ${data.lastMove.text}` : `Your move in ${name}`;
    case 'game-over':
      return `Game over in ${name}: ${outcomeText(data)}`;
    case 'draw-offer':
      return `${colorName(other(data.you))} offers a draw in ${name}`;
    case 'reminder':
      return `Reminder: your move in ${name}${data.deadline ? ` (deadline ${utc(data.deadline)})` : ''}`;
    case 'game-start':
      return `New ${name} against ${who(data, other(data.you))}: you play ${colorName(data.you)}${data.tournament?.name ? ` (${data.tournament.name}${data.tournament.round ? `, round ${data.tournament.round}` : ''})` : ''}`;
    case 'message':
      return `Message from ${who(data, other(data.you))} in ${name}`;
    case 'takeback-offer':
      return `${colorName(other(data.you))} asks to take back a turn in ${name}`;
    case 'takeback':
      return `Takeback granted in ${name}: your move again`;
    case 'pause-offer':
      return `${colorName(other(data.you))} asks for a pause of ${plural(data.pauseOffer?.days ?? 0, 'day')} in ${name}`;
    case 'pause':
      return `${name} is paused${data.pause ? ` until ${utc(data.pause.until)}` : ''}`;
    case 'pause-end':
      return `The pause is over in ${name}: the clock runs again`;
    case 'offer-declined':
      return `${colorName(other(data.you))} declined your ${data.offer ?? ''} offer in ${name}`.replace('  ', ' ');
    case 'offer-withdrawn':
      return `${colorName(other(data.you))} withdrew their request for a pause in ${name}`;
    case 'last-call':
      return `Last call: your move in ${name}${data.deadline ? ` before ${utc(data.deadline)}` : ''}`;
    case 'deadline-passed':
      return `${colorName(other(data.you))}'s deadline passed in ${name}: you may claim the win`;
    case 'plan-played':
      return `Your planned reply was played in ${name}${data.plan?.answer ? `: ${data.plan.answer}` : ''}`;
    case 'rematch-offer':
      return `${colorName(other(data.you))} offers a rematch of ${name}`;
    case 'rematch':
      return `The rematch of ${name} has begun`;
    case 'challenge':
      return `A challenge in ${name}`;
  }
}

/**
 * A game email's subject: the same for every event of a seat's game (tester 12 E24), as Gmail and
 * Outlook thread by subject (the `References` anchor alone threads only in Thunderbird and Apple
 * Mail); what happened is the mail's preheader and first lines. A challenge is no game yet.
 */
export const emailSubject = (event: NotifyEvent, data: EventData): string =>
  // No names: a player who names themselves or renames mid-game would change it (tester 17 X9).
  event === 'challenge' ? subject(event, data) : `${gameName(data)}: you play ${colorName(data.you)}`;

/** The first lines of an email: what happened. */
export function summary(event: NotifyEvent, data: EventData): string[] {
  const lines: string[] = [];
  const last = data.lastMove ? `${who(data, data.lastMove.side)} played ${data.lastMove.text} (ply ${data.lastMove.ply}).` : undefined;
  switch (event) {
    case 'turn':
      lines.push(`It is your move as ${colorName(data.you)}.`);
      if (last) lines.push(last);
      if (data.plan) lines.push(planOutcomeWords(data.plan, other(data.you)));
      if (yourDeadline(data)) lines.push(yourDeadline(data)!);
      // A turn played during a pause: the clock is stopped, and says when it runs again (tester 12 E5).
      else if (data.pause) lines.push(`The game is paused until ${utc(data.pause.until)}; your deadline is then ${utc(data.pause.deadline)}.`);
      break;
    case 'game-over':
      lines.push(`The game is over: ${outcomeText(data)}.`);
      if (data.ratings) lines.push(`Your rating: ${ratingWords(data.ratings[data.you])}.`);
      if (last) lines.push(`Last turn: ${last}`);
      break;
    case 'draw-offer':
      // Playing on declines only when it is the player's move; an offer made on the offerer's own move waits for an answer.
      lines.push(
        `${who(data, other(data.you))} offers a draw. Reply "accept" to agree, or ${data.sideToMove === data.you ? 'just play your move' : 'reply "decline"'} to decline.`,
      );
      break;
    case 'reminder':
      lines.push(`Reminder: it is still your move as ${colorName(data.you)}${data.deadline ? `; the deadline is ${utc(data.deadline)}` : ''}.`);
      if (last) lines.push(last);
      break;
    case 'game-start':
      if (data.tournament)
        lines.push(
          `Your game against ${who(data, other(data.you))} in ${tournamentWords(data.tournament)} has started. You play ${colorName(data.you)}.`,
          `The tournament: ${new URL(`/tournaments/${data.tournament.id}`, data.link).href}`,
        );
      else
        lines.push(
          `${data.playerSeat ? 'A challenge was accepted: your' : 'Your'} new game against ${who(data, other(data.you))} has started. You play ${colorName(data.you)}.`,
        );
      // The clock: its pace, and the deadline when the first move is this player's.
      if (data.daysPerMove) lines.push(yourDeadline(data) ?? `The clock: ${clockWords(data.daysPerMove)}.`);
      break;
    case 'message':
      break;
    case 'takeback-offer':
      lines.push(
        `${who(data, other(data.you))} asks to take back their last turn${takenBack(data)}. Reply "takeback accept" or "takeback decline", or answer on the game page${data.sideToMove === data.you ? ', or just play your move to decline' : ''}.`,
      );
      break;
    case 'takeback':
      lines.push(`${who(data, other(data.you))} agreed: your last turn was taken back, and it is your move again (ply ${data.ply}).`);
      break;
    case 'pause-offer':
      lines.push(
        `${who(data, other(data.you))} asks to stop the clock for ${plural(data.pauseOffer?.days ?? 0, 'day')}. Reply "pause accept" or "pause decline", or answer on the game page.`,
      );
      break;
    case 'pause':
      if (data.pause)
        lines.push(
          `The clock is stopped until ${utc(data.pause.until)} (${who(data, data.pause.by)} asked, both agreed). Then ${colorName(data.sideToMove)}'s deadline is ${utc(data.pause.deadline)}.`,
        );
      break;
    case 'pause-end':
      lines.push(`The pause is over and the clock runs again${data.deadline ? `: ${colorName(data.sideToMove)}'s deadline is ${utc(data.deadline)}` : ''}.`);
      break;
    case 'offer-declined':
      lines.push(
        data.offer === 'rematch'
          ? `${who(data, other(data.you))} declined your rematch offer.`
          : `${who(data, other(data.you))} declined your ${data.offer === 'takeback' ? 'request to take back a turn' : data.offer === 'pause' ? 'request for a pause' : 'draw offer'}; the game goes on.`,
      );
      break;
    case 'offer-withdrawn':
      lines.push(`${who(data, other(data.you))} took back their request for a pause before it was answered; the clock runs on.`);
      break;
    case 'last-call':
      lines.push(
        `Last call: less than a tenth of your time for this turn is left${data.deadline ? `; move before ${utc(data.deadline)}` : ''}, or the game is lost on time.`,
      );
      if (last) lines.push(last);
      break;
    case 'plan-played':
      if (data.plan) lines.push(planOutcomeWords(data.plan, other(data.you)));
      lines.push(`It is ${who(data, other(data.you))}'s move now.`);
      break;
    case 'deadline-passed':
      lines.push(
        `${who(data, other(data.you))} let the deadline for their turn pass${data.deadline ? ` (${utc(data.deadline)})` : ''}. You may claim the win on time: reply "claim", or claim it on the game page. Until you do, they may still move.`,
      );
      if (last) lines.push(`Last turn: ${last}`);
      break;
    case 'rematch-offer':
      lines.push(`${who(data, other(data.you))} offers a rematch: the same game again, colours swapped. Accept or decline it on the game page.`);
      break;
    case 'rematch':
      lines.push(
        `${who(data, other(data.you))} accepted your rematch offer: the new game has begun, colours swapped. Your own link opens it: on this game's page, follow "open the new game".`,
      );
      break;
    case 'challenge':
      break;
  }
  // The opponent's words, quoted line by line so they cannot pass for ours.
  if (data.message) lines.push(`${who(data, data.message.side)} wrote:`, ...data.message.text.split('\n').map((l) => `> ${l}`));
  if (data.status === 'active' && data.sideToMove === data.you)
    lines.push(`You have ${plural(data.legalCount, 'legal turn')}${data.check ? ' and you are in check' : ''}.`);
  return lines;
}

type EmailLinks = { replyTo: string | null; unsubscribe: string | null };

/**
 * The commands an email's footer lists: the answers to what the email asks (a takeback or pause
 * request is answered with "takeback accept" / "pause accept", not "accept", which is the draw's),
 * then resign and draw.
 */
function answersFor(event: NotifyEvent, data: EventData): string {
  const drawOffered = data.drawOffer !== null && data.drawOffer !== data.you;
  const answers =
    event === 'takeback-offer'
      ? ['takeback accept', 'takeback decline']
      : event === 'pause-offer'
        ? ['pause accept', 'pause decline']
        : event === 'deadline-passed'
          ? ['claim (the win on time)']
          : drawOffered
            ? ['accept (the draw offered to you)', 'decline']
            : [];
  return `one of: ${[...answers, 'resign', drawOffered ? undefined : 'draw (offer a draw)'].filter(Boolean).join(', ')}`;
}

/**
 * The first line of an email one can reply to (kept under 64 characters: mail programs wrap quoted
 * lines at 72-78, tester 12 E2): in the reply it is where the quoted part starts
 * (reply-to-play stops reading there), and it tells which ply and position the email showed, so a
 * turn sent to an old email is refused (src/worker/text/inbound-mail.ts reads it).
 */
export const replyMarker = (gameId: string, ply: number, position: string) => `## Subspace ${gameId} ply ${ply} ${positionKey(position)}: reply above ##`;

/** One email's content, written out as plain text and as HTML. */
function emailParts(event: NotifyEvent, data: EventData, links: EmailLinks) {
  const active = data.status === 'active';
  return {
    summary: summary(event, data),
    // The example turn only ever inside a sentence: quoted back in a reply, no line of this reads as a turn.
    howToReply:
      active && links.replyTo
        ? [
            data.example
              ? `To play, reply to this email with your turn on the first line (for example ${data.example}, or ${data.example} #${data.ply + 1} to make sure the board has not changed),`
              : 'To play, reply to this email with your turn on the first line when it is your move,',
            `or ${answersFor(event, data)}; or "say <words>" to send your opponent a message ("help" lists every command).`,
          ]
        : [],
    marker: active && links.replyTo ? replyMarker(data.gameId, data.ply, data.position) : undefined,
    gameNote: active
      ? data.playerSeat
        ? ` (or on the web from your games page, ${new URL(data.link).origin}/me).`
        : ' (open your own player link to play on the web).'
      : '',
    rules: rulesLink(data.link, data.variant),
  };
}

export function emailText(event: NotifyEvent, data: EventData, links: EmailLinks): string {
  const parts = emailParts(event, data, links);
  const lines = [
    ...(parts.marker ? [parts.marker, ''] : []),
    ...parts.summary,
    '',
    data.board,
    '',
    ...parts.howToReply,
    `The game: ${data.link}${parts.gameNote}`,
    `The rules, with diagrams: ${parts.rules}`,
  ];
  if (links.unsubscribe) lines.push('', '-- ', `No more emails for this game: ${links.unsubscribe}`);
  return lines.join('\n');
}

/** The same email for mail clients that show HTML: the board as a PNG picture, the text board below it. */
export function emailHtml(event: NotifyEvent, data: EventData, links: EmailLinks): string {
  const parts = emailParts(event, data, links);
  const e = escapeXml;
  const out = [
    '<!DOCTYPE html><html><body style="font-family:sans-serif">',
    // The preheader: what the inbox shows beside the subject, which is the same for the whole game.
    `<div style="display:none;max-height:0;overflow:hidden">${e(subject(event, data))}</div>`,
    ...(parts.marker ? [`<p style="font-size:12px;color:#666">${e(parts.marker)}</p>`] : []),
    ...parts.summary.map((line) => `<p>${e(line)}</p>`),
    `<p><img src="${e(data.image)}" width="600" style="max-width:100%;height:auto" alt="${e(`The board at ply ${data.ply}`)}"></p>`,
    `<pre style="font-size:13px">${e(data.board)}</pre>`,
  ];
  if (parts.howToReply.length) out.push(`<p>${parts.howToReply.map((line) => e(line.trim())).join('<br>')}</p>`);
  out.push(`<p><a href="${e(data.link)}">The game</a>${e(parts.gameNote)}</p>`);
  out.push(`<p><a href="${e(parts.rules)}">The rules of ${e(data.title ?? data.variant)}, with diagrams</a></p>`);
  if (links.unsubscribe) out.push(`<p style="font-size:12px;color:#666"><a href="${e(links.unsubscribe)}">No more emails for this game</a></p>`);
  out.push('</body></html>');
  return out.join('\n');
}

// ---- a player's own events (their event stream and webhook) ----

const challengeFrom = (ch: PublicChallenge) => ch.from.name ?? `Player ${ch.from.id}`;
/** What is offered: the game, its options, its clock, and (`stake`) whether it is rated (tester 14 P2: neither was said). */
const challengeGame = (ch: PublicChallenge, stake = false) =>
  `${ch.title ?? ch.variant}${withOptions(ch.options)}${ch.clock ? `, ${clockRuleWords(ch.clock)}` : ''}${stake ? `, ${ch.rated ? 'rated' : 'casual'}` : ''}`;

export const challengeSubject = (ch: PublicChallenge) => `${challengeFrom(ch)} challenges you to ${ch.title ?? ch.variant}${ch.rematchOf ? ' (rematch)' : ''}`;

/** A challenge to you in words: who, what, where to accept it, until when. */
export function challengeLines(ch: PublicChallenge): string[] {
  const colour = ch.color === 'random' ? 'colours by lot' : `they play ${ch.color}`;
  return [
    `${challengeFrom(ch)} challenges you to a game of ${challengeGame(ch, true)} (${colour})${ch.rematchOf ? `, a rematch of game ${ch.rematchOf}` : ''}.`,
    '',
    `Accept or decline: ${ch.link}`,
    `It expires ${utc(ch.expiresAt)}.`,
    `New to ${ch.title ?? ch.variant}? The rules, with diagrams: ${rulesLink(ch.link, ch.variant)}`,
  ];
}

const opponentName = (game: MyGame) => game.opponent.name ?? (game.opponent.id ? `Player ${game.opponent.id}` : 'your opponent');
const gameTitle = (game: MyGame) => `${game.title ?? game.variant} game ${game.id}`;

/** A player event in words, for chat bots (webhook bodies carry it as `data.text`). Links only, never a key. */
export function playerEventText(event: PlayerEvent): string {
  switch (event.type) {
    case 'challenge': {
      const api = event.challenge.link.replace(/\/challenges\//, '/api/challenges/');
      return [...challengeLines(event.challenge), `With your player key: POST ${api}/accept (or ${api}/decline).`].join('\n');
    }
    case 'challengeCanceled': {
      const ch = event.challenge;
      return ch.status === 'declined'
        ? `${ch.to?.name ?? `Player ${ch.to?.id}`} declined your challenge to ${challengeGame(ch)}.`
        : `${challengeFrom(ch)} withdrew the challenge to ${challengeGame(ch)}.`;
    }
    case 'gameStart': {
      const g = event.game;
      const first = g.yourTurn ? 'It is your move.' : `${opponentName(g)} moves first.`;
      const tournament = g.tournament ? `\nIts tournament: ${g.tournament.link}` : '';
      return `Your ${gameTitle(g)} against ${opponentName(g)} has started: you play ${g.side}. ${first}\nThe game: ${g.link}${tournament}`;
    }
    case 'yourTurn': {
      const g = event.game;
      return `Your move in ${gameTitle(g)} against ${opponentName(g)} (ply ${g.ply}${g.deadline ? `, deadline ${utc(g.deadline)}` : ''}).\nThe game: ${g.link}`;
    }
    case 'offer':
      return `${opponentName(event.game)} ${offerWords(event.game)} in ${gameTitle(event.game)}: it waits for your answer.\nThe game: ${event.game.link}`;
    case 'offerClosed':
      return `An offer in ${gameTitle(event.game)} against ${opponentName(event.game)} was answered.\nThe game: ${event.game.link}`;
    case 'gameFinish': {
      const g = event.game;
      const change = g.ratings ? ` Your rating: ${ratingWords(g.ratings[g.side])}.` : '';
      const winner = winnerOf(g.result);
      // "White won by check (1-0). You won." - how it ended, and what that is for this player.
      const yours = g.status === 'aborted' ? '' : winner ? (winner === g.side ? ' You won.' : ' You lost.') : '';
      return `Your ${gameTitle(g)} against ${opponentName(g)} is over: ${resultWords({ ...g, winner })}${yours}${change}\nThe game: ${g.link}`;
    }
    case 'tournamentFinish':
      return tournamentLines(event.tournament).join('\n');
  }
}

/** What the other side offers this player in `g` ("offers a draw", …), as its open offers say. */
function offerWords(g: MyGame): string {
  const other = opposite(g.side);
  if (g.drawOffer === other) return 'offers a draw';
  if (g.takebackOffer === other) return 'asks to take back their last turn';
  if (g.pauseOffer?.by === other) return `asks for a pause of ${plural(g.pauseOffer.days, 'day')}`;
  return 'made an offer';
}

/**
 * A rating before a game (`?` while provisional), its change and after, in whole points as pages show
 * them: "1500? +162 = 1662".
 */
function ratingWords(r: { rating: number; change: number; provisional: boolean }): string {
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''} ${ratingChangeText(r.rating, r.change)} = ${Math.round(r.rating + r.change)}`;
}

/** The end of a tournament, in words (player events and the email). */
export function tournamentLines(t: TournamentSummary): string[] {
  const winner = t.winner ? (t.winner.name ?? `Player ${t.winner.id}`) : 'nobody';
  return [`The tournament ${t.name} (${t.title ?? t.variant}, ${formatWords(t)}) is over: ${winner} won.`, '', `The standings and the crosstable: ${t.link}`];
}

/**
 * A line of a notification that takes no typed reply (a Web Push notification, a Discord channel
 * webhook's post): the answers an email asks to reply with are on the game's page (tester 7 H6).
 */
export const noTypedReply = (line: string) =>
  line
    .replace('Reply "accept" to agree', 'Open the game to agree')
    .replace('reply "decline"', 'decline there')
    .replace(/Reply "(takeback|pause) accept" or "\1 decline", or answer on the game page/, 'Answer on the game page')
    .replace('reply "claim", or claim it on the game page', 'claim it on the game page');
