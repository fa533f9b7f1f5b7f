// Reply-to-play: an email to a player's reply address is read, the one line the
// player wrote that is a command (a turn, resign, draw, accept, decline) is played
// as that player, and the answer goes back by email. Only from that seat's own email
// address (the secret reply address is the second factor) once its owner has confirmed it
// (before that it gets nothing but the confirmation mail, so it plays nothing), never when the sender's mail
// system says it failed authentication, each Message-ID once per seat, and a turn (or a
// takeback) only while the game is where the email answered showed it: the same ply and the
// same position, which a takeback can change (issue 26).
import { readReplyAddress, type MailConfig } from '../../notify/addresses.ts';
import { answerHtml } from '../../notify/answer-html.ts';
import { replyMarker } from '../../notify/messages.ts';
import { positionKey } from '../../service/public-state.ts';
import type { AddressStore } from '../../db/address-store.ts';
import { colorName, type Color } from '../../engine/types.ts';
import type { GameApi } from '../../service/games.ts';
import { linkOrigin } from '../../service/links.ts';
import type { PublicState } from '../../service/public-state.ts';
import { parseCommand, plainDashes, readsAsTurn, type Command } from './command-parse.ts';
import { helpText, printable, runCommand, turnExamples } from './commands.ts';
import { authFailure, ownLines, quotedMarker, type ParsedMail, type ShownAt } from './inbound-mail.ts';

/** Replies bigger than this are not read (a move is a line; quoted history and attachments are not needed). */
const MAX_INBOUND_BYTES = 1024 * 1024;

/** What the email front end keeps: the seat's address, and the Message-IDs it has handled. */
export interface InboundStore {
  seatEmail(gameId: string, side: Color): Promise<string | null | undefined>;
  /** The game's row: where its links point (the site it was made on). */
  game(gameId: string): Promise<{ readonly linkOrigin: string | null } | undefined>;
  /** Record that this seat handled this Message-ID; false when it had already. */
  claimMessage(gameId: string, side: Color, messageId: string, now: number): Promise<boolean>;
}

interface InboundDeps {
  readonly service: GameApi;
  readonly store: InboundStore;
  /** Which addresses their owners confirmed: only those play by email. */
  readonly addresses: Pick<AddressStore, 'standing'>;
  /** Reads the MIME of a mail (postal-mime, in the picture Worker: PICTURES.mail). */
  readonly parse: (raw: Uint8Array) => Promise<ParsedMail>;
  readonly config: MailConfig;
  /** The site's address, for the links in our answers (PUBLIC_URL; else the site the game was made on). */
  readonly origin?: string;
  /** The outgoing mail: answers when the envelope sender is not the seat's address, or when message.reply() is refused. */
  readonly send?: SendEmail;
}

interface InboundResult {
  /** What became of the mail (logged): `played` a turn, `done` another command, `answered` a question. */
  readonly outcome: 'rejected' | 'ignored' | 'duplicate' | 'played' | 'done' | 'answered' | 'failed' | 'stale' | 'ambiguous' | 'no-command';
  /** The command the mail held, when one was found. */
  readonly command?: Command['kind'];
  readonly reply?: string;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function rawBytes(message: ForwardableEmailMessage): Promise<Uint8Array> {
  return new Uint8Array(await new Response(message.raw).arrayBuffer());
}

/** What the lines the player wrote ask for: one command, or several lines that each could be one. */
interface FoundCommand {
  readonly command?: Command;
  /** Two or more lines that each read as a turn or an action: which one was meant is not guessed. */
  readonly conflicting?: readonly string[];
  /** Lines skipped for their other words that hold a word reading as a turn of this game ("My move is Wb2-Wb3."): said so in the answer. */
  readonly skipped?: readonly { readonly line: string; readonly turn: string }[];
  /** A `say` line beside a command that is no turn (draw, resign, takeback, …): sent before it (tester 12 E21: it was dropped). */
  readonly say?: string;
  /** The planned lines after the first, when the mail holds several: stored after it, in order. */
  readonly more?: readonly Command[];
}

/**
 * A word of a short skipped line that is a legal turn of this player's now, as they would write it alone
 * ("Wb2-Wb3"). Long lines are prose (our own sentences with an example turn, quoted back), and a turn
 * already played ("Kirk (White) played Wb2-Wb3", quoted) is not legal: neither is pointed at.
 */
async function turnIn(legal: () => Promise<ReadonlySet<string>>, line: string): Promise<string | undefined> {
  const words = plainDashes(line).split(/\s+/);
  if (words.length > 10) return undefined;
  for (const word of words) {
    const turn = word.replace(/^["'(\[]+|["')\].,;:!?]+$/g, '');
    if (/\d/.test(turn) && (await legal()).has(turn)) return turn;
  }
  return undefined;
}

const QUESTIONS: readonly Command['kind'][] = ['board', 'legal', 'help'];

/**
 * The command in the lines the player wrote: keywords anywhere, a turn only if it looks like one
 * (greetings and sign-offs are skipped). A question (board, legal, help) is answered only when the
 * mail holds nothing to play; a `say` line goes with the turn the mail plays (as the API's
 * {move, message}), else it is the command. Two lines that each look like a turn or an action are
 * not guessed between: a line that looks like a turn but does not read as one is never skipped
 * for a later one (issue: "Wc1-Wq3" then "Wa3-Wa4" played the second). A turn and a `draw` line are the
 * one exception: the turn, then a draw offer. A short line skipped for its other words but holding a
 * legal turn ("My move is Wb2-Wb3.") is kept to be named in the answer.
 */
async function findCommand(service: GameApi, gameId: string, side: Color, lines: readonly string[]): Promise<FoundCommand> {
  // The player's legal turns, read once if a skipped line needs them (none when it is not their move).
  let legalTurns: Promise<ReadonlySet<string>> | undefined;
  const legal = () => (legalTurns ??= service.legal(gameId).then((r) => new Set(r.ok && r.value.sideToMove === side ? r.value.legal : [])));
  let question: Command | undefined;
  let said: Extract<Command, { kind: 'say' }> | undefined;
  const actions: { line: string; command: Command }[] = [];
  const skipped: { line: string; turn: string }[] = [];
  // The lines after a `say` line that are no command go with its message, up to a blank line: a
  // message mail programs wrapped, or written on several lines (tester 12 E12: it was cut at the
  // first line's end).
  let saying = false;
  for (const line of lines) {
    // A blank line ends a message: what follows it ("Thanks,", a name) is not sent (tester 18 Y4).
    if (!line) saying = false;
    const command = line ? parseCommand(line) : undefined;
    if (!command) continue;
    if (saying && command.kind === 'move' && said && !(await commandLike(service, gameId, command.text))) {
      said = { kind: 'say', text: `${said.text}\n${line}` };
      continue;
    }
    saying = command.kind === 'say' && !said;
    if (command.kind === 'say') said ??= command;
    else if (QUESTIONS.includes(command.kind)) question ??= command;
    else if (command.kind !== 'move') actions.push({ line, command });
    else {
      // "Wb2-Wb3", "Wb2-Wb3 #5", "move Wb2-Wb3": a turn of this game (legal or not), or one word that
      // begins like a turn of some variant ("Wc1-Wq3": a mistyped turn, said so, not skipped).
      if (await commandLike(service, gameId, command.text)) actions.push({ line, command: { kind: 'move', text: command.text.replace(/[.!]+$/, '') } });
      else if (skipped.length < 3) {
        const turn = await turnIn(legal, line);
        if (turn) skipped.push({ line, turn });
      }
    }
  }
  const told = skipped.length ? { skipped } : {};
  // A turn and a draw line: the turn, then the draw offer (as on the game page, offer and turn in one go).
  const move = actions.find((a) => a.command.kind === 'move')?.command;
  if (actions.length === 2 && move?.kind === 'move' && actions.some((a) => a.command.kind === 'draw'))
    return { command: { ...move, offerDraw: true, ...(said ? { message: said.text } : {}) }, ...told };
  // Several planned lines are no conflict: each is stored, in the mail's order (tester 12 E17).
  if (actions.length > 1 && actions.every((a) => a.command.kind === 'if'))
    return { command: actions[0]!.command, more: actions.slice(1).map((a) => a.command), ...told, ...(said ? { say: said.text } : {}) };
  if (actions.length > 1) return { conflicting: actions.map((a) => a.line) };
  const action = actions[0]?.command;
  if (action?.kind === 'move') return { command: { ...action, ...(said ? { message: said.text } : {}) }, ...told };
  return { command: action ?? said ?? question, ...told, ...(action && said ? { say: said.text } : {}) };
}

/** Whether a line that is no keyword reads as a turn (of this game, or one word shaped like a turn): then it is not a message's next line. */
async function commandLike(service: GameApi, gameId: string, text: string): Promise<boolean> {
  const turn = text.replace(/\s*#\d{1,6}$/, '').replace(/[.!]+$/, '');
  return turn.length <= 40 && ((await service.readsAsTurn(gameId, turn)) || (!/\s/.test(turn) && readsAsTurn(turn)));
}

/** Why skipped lines that hold a turn were not played, and how to write it. */
function skippedWords(skipped: NonNullable<FoundCommand['skipped']>): string {
  return skipped
    .map(
      ({ line, turn }) =>
        `Your line "${printable(line)}" was not played: write the turn alone on a line ("${printable(turn)}"), and "draw" on a line below it to offer a draw.`,
    )
    .join('\n');
}

/** The outcome logged for a command that was carried out. */
function doneOutcome(command: Command): InboundResult['outcome'] {
  return command.kind === 'move' ? 'played' : QUESTIONS.includes(command.kind) ? 'answered' : 'done';
}

/** Where the game is now against where the answered email showed it: undefined when it has not moved on (or the email is unknown). */
function movedOn(shown: ShownAt | undefined, now: PublicState | undefined): string | undefined {
  if (!shown || !now || now.status !== 'active') return undefined;
  if (now.ply !== shown.ply) return `it is at ply ${now.ply} now`;
  // Mails sent before the marker carried the position: the ply alone, as then.
  if (shown.position === undefined || shown.position === positionKey(now.position)) return undefined;
  return `turns were taken back and others played since, so it is at ply ${now.ply} again, in another position`;
}

/** Whether a command means something only in the position the answered email showed. */
function aboutThePosition(command: Command, ownPly: boolean): boolean {
  switch (command.kind) {
    case 'move':
      return !ownPly;
    case 'takeback':
    case 'if':
    case 'accept':
    case 'decline':
    case 'draw':
      return true;
    case 'pause':
      return command.action !== 'offer';
    default:
      return false;
  }
}

/** How a command is named in an answer that says it was not carried out. */
function commandWords(command: Command): string {
  if (command.kind === 'move') return `your turn "${command.text.replace(/\s*#\d+$/, '')}"`;
  if (command.kind === 'takeback') return command.action === 'offer' ? 'your takeback request' : `your "takeback ${command.action}"`;
  if (command.kind === 'if') return `your planned line "if ${command.line.join(' then ')}"`;
  return `your "${command.kind}"`;
}

/**
 * Mail no person wrote (RFC 3834 and what responders put instead): Auto-Submitted other than "no",
 * X-Autoreply / X-Autorespond, Precedence bulk, junk, list or auto_reply, Outlook's
 * X-Auto-Response-Suppress (other than "None"), a list's List-Id, a delivery report
 * (multipart/report), or a bounce's sender (empty, mailer-daemon, postmaster). Tester 12 E3: an
 * out-of-office marked only with Precedence was answered with the list of commands.
 */
function isAutomatic(message: ForwardableEmailMessage): boolean {
  const header = (name: string) => message.headers.get(name)?.trim().toLowerCase();
  const auto = header('auto-submitted');
  const suppress = header('x-auto-response-suppress');
  return (
    (auto !== undefined && auto !== 'no') ||
    header('x-autoreply') !== undefined ||
    header('x-autorespond') !== undefined ||
    /^(bulk|junk|list|auto_reply)$/.test(header('precedence') ?? '') ||
    (suppress !== undefined && suppress !== 'none') ||
    header('list-id') !== undefined ||
    /^multipart\/report\b/.test(header('content-type') ?? '') ||
    /^<?>?$|mailer-daemon|postmaster/i.test(message.from.trim())
  );
}

export async function handleInboundEmail(message: ForwardableEmailMessage, deps: InboundDeps): Promise<InboundResult> {
  const address = await readReplyAddress(deps.config, message.to);
  if (!address) {
    // Said so a person knows what to do (tester 12 E16: a Reply All, or a reply to a digest, reached the sender's address).
    message.setReject(
      "This address takes no mail: to play, reply to a game's own email, whose reply address starts with play+ (a Reply All also reaches it there).",
    );
    return { outcome: 'rejected' };
  }
  // Never answer automatic mail (vacation replies, bounces, lists): that way lies a mail loop.
  if (isAutomatic(message)) return { outcome: 'ignored' };
  if (message.rawSize > MAX_INBOUND_BYTES) {
    message.setReject('Message too large: reply with just your move.');
    return { outcome: 'rejected' };
  }
  const raw = await rawBytes(message);
  const mail = await deps.parse(raw);
  // The sender must be the seat's own address (the one Subspace mails this player at).
  // The author is the From line's one mailbox; never the envelope sender, which anyone sets (tester 11 S2).
  const from = mail.from;
  const seat = (await deps.store.seatEmail(address.gameId, address.side))?.trim().toLowerCase();
  if (mail.fromCount !== 1 || !from) {
    message.setReject(
      mail.fromCount > 1
        ? 'Not accepted: the From line names several addresses, or is not one plain address; reply from the one address Subspace mails this player at.'
        : 'Not accepted: the mail has no From address (or several From lines); reply from the one address Subspace mails this player at.',
    );
    return { outcome: 'rejected' };
  }
  // A seat given a plus-address (kor+games@…) takes mail from its mailbox's own address too, which
  // mail programs send from (tester 12 E27); the secret reply address stays the second factor.
  if (!seat || (from !== seat && from !== seat.replace(/\+[^@]*@/, '@'))) {
    message.setReject(
      seat
        ? `Not accepted: this reply address takes mail only from the address Subspace mails this player at, not ${from}.`
        : 'Not accepted: this player has no email address in this game, so no email can play for them.',
    );
    return { outcome: 'rejected' };
  }
  const standing = await deps.addresses.standing(seat);
  if (standing !== 'confirmed') {
    // Said as it is: an address its owner closed to all mail is not one waiting for its confirmation (tester 12 E14).
    message.setReject(
      standing === 'blocked'
        ? `Not accepted: you asked Subspace to send no more email to ${seat}, so mail from it plays nothing. Confirming the address again (the link of a confirmation mail) lifts that.`
        : `Not accepted: ${seat} has not been confirmed yet. Follow the link in the confirmation email Subspace sent to it, then reply again.`,
    );
    return { outcome: 'rejected' };
  }
  const failed = authFailure(mail.authResults, from.slice(from.lastIndexOf('@') + 1));
  if (failed) {
    message.setReject(`Not accepted: your mail system could not confirm that this mail is from ${from} (${failed}).`);
    return { outcome: 'rejected' };
  }
  // Each mail is handled once per seat, however often it arrives.
  const messageId = (mail.messageId ?? `<sha256:${await sha256(raw)}>`).slice(0, 300);
  if (!(await deps.store.claimMessage(address.gameId, address.side, messageId, Date.now()))) return { outcome: 'duplicate' };
  const origin = linkOrigin(deps.origin, (await deps.store.game(address.gameId))?.linkOrigin);
  const found = await findCommand(deps.service, address.gameId, address.side, ownLines(mail.text));
  let command = found.command;
  // A turn without its own "#ply" is for the position the answered email showed (our marker line says which).
  const shown = quotedMarker(mail.fullText, address.gameId);
  // Whether the ply guard is the player's own ("Bb3-Bb2 #4") or the answered email's.
  const ownPly = command?.kind === 'move' && /#\d{1,6}$/.test(command.text);
  if (command?.kind === 'move' && !ownPly && shown !== undefined) command = { ...command, text: `${command.text} #${shown.ply + 1}` };
  const before = await deps.service.load(address.gameId);
  const game = before.ok ? before.value : undefined;
  // A turn, a takeback (which is about the last turn), a planned line (tester 10 C3) or an answer to an
  // offer (tester 12 E20: "accept" under an old offer's mail accepted a later one, in another
  // position), meant for a position the game has left: not played, not stored, not answered.
  // A turn's own "#ply" (as the mails suggest) for the ply after the mail's is still for the mail's
  // position: checked against it too, not instead (tester 12 E23).
  const forShown = ownPly && command?.kind === 'move' && shown !== undefined && Number(/#(\d{1,6})$/.exec(command.text)![1]) === shown.ply + 1;
  const left = command && (aboutThePosition(command, ownPly) || forShown) ? movedOn(shown, game) : undefined;
  let outcome: InboundResult['outcome'];
  let text: string;
  if (found.conflicting) {
    outcome = 'ambiguous';
    text = [
      `Your reply has ${found.conflicting.length} lines that each read as a turn or a command:`,
      '',
      ...found.conflicting.map((line) => `  ${printable(line)}`),
      '',
      'Subspace does not guess which one you meant, so nothing was played or changed.',
      'Reply again with just one of them (a "say <words>" line may go with a turn).',
    ].join('\n');
  } else if (!command && game && game.status !== 'active') {
    // A game over: nothing to play, and the in-game commands would mislead (tester 12 E9: "Thanks for the game!").
    outcome = 'no-command';
    text = `This game is over (${game.result}${game.reason ? `, ${game.reason}` : ''}): there is nothing to play. To write to your opponent, reply "say <words>".`;
  } else if (!command) {
    outcome = 'no-command';
    const example = game?.sideToMove === address.side ? turnExamples(game)[0]?.text : undefined;
    text = [
      found.skipped ? skippedWords(found.skipped) : 'Subspace could not find a turn in your email.',
      `Write your turn${example ? ` (for example "${example}")` : ''} or resign, draw or accept on the first line of your reply, above the quoted text.`,
      '',
      helpText(game, address.side, origin),
    ].join('\n');
  } else if (left) {
    outcome = 'stale';
    text = `The game has moved on since the email you answered: ${left}, so ${commandWords(command)} was not ${command.kind === 'move' ? 'played' : 'carried out'}. Look at the board in the latest email (or on the game page) and reply to that one.`;
  } else {
    // The message first (a "well played" arrives before the resignation it goes with).
    const message =
      found.say === undefined ? undefined : await runCommand(deps.service, address.gameId, { side: address.side }, { kind: 'say', text: found.say }, origin);
    let ran = await runCommand(deps.service, address.gameId, { side: address.side }, command, origin);
    // The other planned lines of the mail, each while the ones before were stored; the last answer lists them all.
    for (const next of found.more ?? []) if (ran.ok) ran = await runCommand(deps.service, address.gameId, { side: address.side }, next, origin);
    const answer = message ? { ...ran, reply: `${message.reply.split('\n\n')[0]}\n\n${ran.reply}` } : ran;
    outcome = answer.ok ? doneOutcome(command) : 'failed';
    const stale =
      !answer.ok && answer.status === 409 && /^Could not play .*: stale: (?:turns were taken back since; )?the game is at ply (\d+)/.exec(answer.reply);
    const turn = command.kind === 'move' ? `"${command.text.replace(/\s*#\d+$/, '')}" ` : '';
    // A refusal because the game has ended: nothing to correct, so no "reply again".
    const after = answer.ok || stale ? undefined : await deps.service.load(address.gameId);
    const over = after?.ok === true && after.value.status !== 'active';
    // A turn sent on the opponent's move: nothing to correct, only to wait (tester 12 E22).
    const waitFor =
      command.kind === 'move' && after?.ok === true && !over && after.value.sideToMove !== address.side ? colorName(after.value.sideToMove) : undefined;
    // A turn sent with a draw line: the offer goes with the turn, so a refused turn offers no draw either.
    const drawToo = command.kind === 'move' && command.offerDraw ? ', and no draw was offered' : '';
    text = answer.ok
      ? answer.reply
      : stale
        ? ownPly
          ? `Your turn ${turn}was for another ply than the game's: it is at ply ${stale[1]} now, so it was not played. Look at the board in the latest email (or on the game page) and reply with your turn.`
          : `The game has moved on since the email you answered: it is at ply ${stale[1]} now, so your turn ${turn}was not played. Look at the board in the latest email (or on the game page) and reply to that one.`
        : over
          ? `${answer.reply}\n\nNothing was ${command.kind === 'move' ? `played${drawToo}` : 'changed'}: the game is over.`
          : waitFor
            ? `${answer.reply}\n\nNothing was played${drawToo}: it is ${waitFor}'s move, and you will get an email when they have played.`
            : `${answer.reply}\n\n${command.kind === 'move' ? `Nothing was played${drawToo}. Reply again with a corrected turn${command.offerDraw ? ' (and "draw" below it)' : ''}.` : 'Nothing was changed.'}`;
  }
  // A line that held a turn but was skipped for its other words, in a mail that played no turn: said so.
  if (found.skipped && outcome !== 'no-command' && command?.kind !== 'move') text = `${text}\n\n${skippedWords(found.skipped)}`;
  // Our answer starts with the marker line too, so an answer quoted back is never read as a command.
  // Where nothing was carried out the game is as loaded above; otherwise as the command left it.
  const unchanged = outcome === 'ambiguous' || outcome === 'no-command' || outcome === 'stale';
  const now = unchanged ? before : await deps.service.load(address.gameId);
  if (now.ok && now.value.status === 'active') text = `${replyMarker(address.gameId, now.value.ply, now.value.position)}\n\n${text}`;
  // The player's subject with no control characters and at most 200 characters: it goes into a header (tester 12 E11).
  const theirs = mail.subject
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, 200);
  const subject = /^re:/i.test(theirs) ? theirs : `Re: ${theirs || `Subspace game ${address.gameId}`}`;
  // An answer to the player's mail (threaded under it), sent by the service: no vacation responder answers it back.
  const original = mail.messageId && /^<[^<>\s]{1,250}>$/.test(mail.messageId) ? mail.messageId : undefined;
  const headers = { 'Auto-Submitted': 'auto-replied', ...(original ? { 'In-Reply-To': original, References: original } : {}) };
  // The answer goes to the seat's own address only. A reply (message.reply) goes to the envelope sender, which
  // may be another address than the From header (forwarding, lists, or someone else's server): then it is sent
  // to the seat through the service's outgoing mail instead, and with no outgoing mail, not at all.
  const envelope = message.from.trim().toLowerCase();
  const html = answerHtml(text);
  const toSeat = { from: deps.config.from, to: seat, subject, text, html, replyTo: message.to, headers };
  if (envelope !== seat) {
    if (deps.send) await deps.send.send(toSeat);
  } else
    try {
      await message.reply({ from: message.to, subject, text, html, headers });
    } catch (e) {
      if (!deps.send) throw e;
      await deps.send.send(toSeat);
    }
  return { outcome, reply: text, ...(command ? { command: command.kind } : {}) };
}
