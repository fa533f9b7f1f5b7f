// Text commands shared by the chat-bot endpoint and reply-to-play email (read by command-parse.ts):
// a turn (`Wb1-Nc3`, `move Wb1-Nc3`), `board`, `legal`, `resign`, `draw`, `accept`,
// `decline`, `claim`, `takeback`, `say`, `if X then Y` and `conditional` (conditional moves), `help`.
// Each answers with a short text and the game state. Replies never echo control characters
// from the input (see printable).
import * as v from 'valibot';
import type { TurnExample } from '../../engine/examples.ts';
import { Game } from '../../engine/game.ts';
import { colorName, opposite, plural, type BoardView, type Color, type Orientation, type Role } from '../../engine/types.ts';
import { plainWords, type Command } from './command-parse.ts';
import { boardText } from '../../notify/board-text.ts';
import { deadlineLine, rulesLink } from '../../notify/messages.ts';
import type { Actor } from '../../service/game-core.ts';
import type { GameApi } from '../../service/games.ts';
import { planOutcomeWords } from '../../service/plan-outcome.ts';
import { utc, type PublicState } from '../../service/public-state.ts';
import {
  ConditionalLineSchema,
  LeaveSchema,
  MAX_MESSAGE_CHARS,
  MAX_PAUSE_DAYS,
  MessageTextSchema,
  MovePlainSchema,
  PauseSchema,
} from '../../service/schemas.ts';

/**
 * Example turns for help texts: legal turns of the game as it stands, from the engine (one of
 * each kind, the commonest first); for an unknown game, those of a new Warp Factor game.
 */
export function turnExamples(game?: Pick<PublicState, 'variant' | 'options' | 'position' | 'status'>): readonly TurnExample[] {
  const created = gameAsItStands(game);
  return created ? created.exampleTurns() : [];
}

/** The engine's game at the position shown (a new Warp Factor game when none is known); undefined once the game is over. */
function gameAsItStands(game?: Pick<PublicState, 'variant' | 'options' | 'position' | 'status'>): Game | undefined {
  if (game && game.status !== 'active') return undefined;
  const created = game ? Game.create(game.variant, game.options, game.position) : Game.create('warp-factor');
  return created.ok ? created.value : undefined;
}

/**
 * A conditional line that fits the game as it stands: the side to move's first example turn, then
 * the waiting player's first example answer to it (empty when the game has no such pair).
 */
export function conditionalExample(game: Pick<PublicState, 'variant' | 'options' | 'position' | 'status'>): string[] {
  const created = gameAsItStands(game);
  const theirs = created?.exampleTurns()[0]?.text;
  if (!created || !theirs || !created.play(theirs).ok) return [];
  const yours = created.exampleTurns()[0]?.text;
  return yours ? [theirs, yours] : [];
}

/** The command list, with turn examples from the game as it stands when known; `origin` makes the player-page link absolute. */
export function helpText(game?: Pick<PublicState, 'variant' | 'options' | 'position' | 'status' | 'sideToMove'>, side?: Color, origin?: string): string {
  const examples = turnExamples(game);
  // The examples are the side to move's turns: say so to the player who waits, whose own command is not one of them.
  const waiting = Boolean(game && side && side !== game.sideToMove);
  const first = (!waiting && examples[0]?.text) || '<turn>';
  const whose = waiting && game ? ` (${colorName(game.sideToMove)}'s turns now)` : '';
  return [
    'Commands:',
    `  ${first} (or: move ${first})  play a turn; add #<ply> to guard against a stale board`,
    ...(examples.length ? [`    turns look like${whose}: ${examples.map((e) => `${e.text} (${e.what})`).join(', ')}`] : []),
    '  board    the board as text and whose turn it is',
    "  legal    your legal turns; on your opponent's turn, says so and lists theirs",
    '  draw     offer a draw (or accept the one offered to you)',
    '  accept   accept a draw offer;  decline  decline it',
    '  resign   resign the game',
    "  claim    claim the win on time, once your opponent's deadline passed (games whose timeout is claimed)",
    '  takeback  ask to take back your last turn;  takeback accept / takeback decline  answer such a request',
    `  pause <days>  ask to stop the clock for 1-${MAX_PAUSE_DAYS} days;  pause accept / pause decline  answer;  pause cancel  take your request back`,
    '  leave <days>  add days of your own leave to your deadline, on your turn (as many as you have left)',
    `  say <words>  send your opponent a message (up to ${MAX_MESSAGE_CHARS} characters)`,
    "  if <their turn> then <your answer> [then <their turn> then <your answer> ...]  on your opponent's turn: a conditional line, your answer is played at once if they play it",
    '  conditional  your conditional lines;  conditional clear  drop them',
    '  help     this list',
    '',
    `New games: challenge a player, accept a challenge or ask for a rematch on your player page ${origin ? `${origin}/me` : '(/me on this site)'} (in a game played by links alone, without player keys: the Rematch button on the game's page, once it is over)`,
    '(a challenge to you and a game that starts are sent to your email and your own webhook, if you set them there, with their links).',
    `With your player key, post "challenges", "accept <id>", "decline <id>" or "games" to ${origin ?? ''}/api/me/chat.`,
    '',
    `The rules, with diagrams: ${game?.variant ? (origin ? rulesLink(origin, game.variant) : `/rules/${game.variant} on this site`) : origin ? `${origin}/rules` : '/rules on this site'}`,
  ].join('\n');
}

/**
 * Text from the player made safe to echo: control characters (C0, DEL, C1) become
 * visible `\xNN` escapes, so a reply never carries a NUL, a bell or a terminal escape.
 */
export const printable = (text: string) =>
  text
    .replace(/\p{Cc}/gu, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    // Bidirectional overrides and isolates would turn the rest of a chat line around.
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/**
 * The answer to a line that is no command and no turn (a game's chat, and POST /api/me/chat, whose
 * `list` of commands follows): said so, not read as a failed turn.
 */
export const unknownCommand = (text: string, list?: string): CommandAnswer => {
  const said = `I don't know "${printable(text.length > 40 ? `${text.slice(0, 40)}…` : text)}"`;
  return { ok: false, status: 400, reply: list ? `${said}.\n${list}` : `${said}: say "help" for the commands.` };
};

/** The same for a whole reply: its own line breaks stay. */
const printableReply = (text: string) => text.split('\n').map(printable).join('\n');

/** The board of a public state as text, with whose turn it is (or how the game ended). */
function stateBoardText(state: PublicState): string {
  const over =
    state.status === 'active'
      ? undefined
      : state.status === 'aborted'
        ? 'Game aborted'
        : `Game over: ${state.result}${state.reason ? ` (${state.reason})` : ''}${state.winner ? `, ${colorName(state.winner)} wins` : ''}`;
  if (!state.board) return `${state.position}\n${over ?? `${colorName(state.sideToMove)} to move`}`;
  const view: BoardView = {
    variant: state.variant as BoardView['variant'],
    sideToMove: state.sideToMove,
    phase: state.phase ?? 'play',
    cells: state.board.cells.map((c) => ({
      cell: c.cell,
      color: c.color,
      role: c.role as Role,
      ...(c.orientation ? { orientation: c.orientation as Orientation } : {}),
    })),
    ...(state.board.platforms ? { platforms: state.board.platforms as BoardView['platforms'] } : {}),
    hands: state.board.hands as BoardView['hands'],
    ...(state.board.wormhole ? { wormhole: state.board.wormhole } : {}),
    check: state.check,
  };
  return boardText(view, over ? { over } : undefined);
}

export interface CommandAnswer {
  readonly ok: boolean;
  readonly reply: string;
  readonly state?: PublicState;
  /** For failures: the HTTP status the JSON API would have used. */
  readonly status?: number;
}

/** After the board, which already ends with "Black to move": whether that side is you (said once, not twice). */
function turnLine(state: PublicState, you: Color | undefined): string {
  return state.status === 'active' && you === state.sideToMove ? 'It is your turn.' : '';
}

/** A command carried out: what was done, then the board and whose turn it is. */
const carriedOut = (done: string, state: PublicState): CommandAnswer => ({
  ok: true,
  reply: [done, '', stateBoardText(state), turnLine(state, state.you)].filter((l, i) => l || i === 1).join('\n'),
  state,
});

/** What the board does not show of a game going on: the last turn, the clock, open offers (the JSON state has them). */
function gameLines(state: PublicState): string[] {
  if (state.status !== 'active') return [];
  const lines: string[] = [];
  const last = state.lastMove;
  if (last) lines.push(`Last turn: ${colorName(last.side)} played ${last.text} (ply ${state.ply}).`);
  if (state.pause) lines.push(`Paused until ${utc(state.pause.until)}.`);
  else if (state.clock?.deadline) lines.push(deadlineLine(state.clock.deadline, state.clock.daysPerMove));
  // How to answer, said only to the side that may (tester 7 H2: the asker was told to accept its own offer).
  const answers = (by: Color, words: string) => (state.you && state.you !== by ? ` (${words})` : '');
  if (state.drawOffer) lines.push(`${colorName(state.drawOffer)} offers a draw${answers(state.drawOffer, '"accept" or "decline"')}.`);
  if (state.takebackOffer)
    lines.push(`${colorName(state.takebackOffer)} asks to take back a turn${answers(state.takebackOffer, '"takeback accept" or "takeback decline"')}.`);
  if (state.pauseOffer)
    lines.push(
      `${colorName(state.pauseOffer.by)} asks for a pause of ${plural(state.pauseOffer.days, 'day')}${answers(state.pauseOffer.by, '"pause accept" or "pause decline"')}.`,
    );
  return lines;
}

/** The turns of a conditional line written `if X then Y then Z` or just `X Y Z`. */
export const lineTurns = (text: string): string[] =>
  text
    .replace(/^\s*if\s+/i, '')
    .split(/\s+/)
    .filter((t) => t && !/^then$/i.test(t));

/** A conditional line as the command that stores it: `if X then Y then Z then W`. */
export const conditionalText = (line: readonly string[]) => `if ${line.join(' then ')}`;

/** Run one command as a player. Failures come back as text (ok: false) with the current state. */
export async function runCommand(service: GameApi, gameId: string, actor: Actor, command: Command, origin?: string): Promise<CommandAnswer> {
  const answer = await answerCommand(service, gameId, actor, command, origin);
  return { ...answer, reply: printableReply(answer.reply) };
}

/** The legal-turns answer: whose turns they are, said first. */
function legalText(legal: { legal: readonly string[]; sideToMove: Color; status: string }, you: Color | undefined): string {
  if (legal.status !== 'active') return 'The game is over: there are no legal turns.';
  const { legal: list, sideToMove } = legal;
  const turns = `${plural(list.length, 'legal turn')}: ${list.slice(0, 60).join(' ')}${list.length > 60 ? ' …' : ''}`;
  if (you === undefined) return `${colorName(sideToMove)} is to move and has ${turns}`;
  if (you === sideToMove) return `It is your turn. You (${colorName(you)}) have ${turns}`;
  return `It is ${colorName(sideToMove)}'s turn, not yours: you have no legal turns until ${colorName(sideToMove)} has played.\n${colorName(sideToMove)} (your opponent) has ${turns}`;
}

async function answerCommand(service: GameApi, gameId: string, actor: Actor, command: Command, origin?: string): Promise<CommandAnswer> {
  const current = async () => {
    const loaded = await service.load(gameId, typeof actor === 'string' ? actor : undefined);
    if (!loaded.ok) return undefined;
    return typeof actor === 'string' ? loaded.value : { ...loaded.value, you: actor.side };
  };
  const failed = async (error: string, status: number): Promise<CommandAnswer> => {
    const state = await current();
    return { ok: false, status, reply: `${error}${state ? `\n\n${stateBoardText(state)}` : ''}`, ...(state ? { state } : {}) };
  };

  switch (command.kind) {
    case 'help': {
      const state = await current();
      return { ok: true, reply: helpText(state, state?.you, origin), ...(state ? { state } : {}) };
    }
    case 'board': {
      const state = await current();
      if (!state) return { ok: false, status: 404, reply: `no game with id ${gameId}` };
      return { ok: true, reply: [stateBoardText(state), ...gameLines(state), turnLine(state, state.you)].filter(Boolean).join('\n'), state };
    }
    case 'legal': {
      const legal = await service.legal(gameId);
      if (!legal.ok) return { ok: false, status: legal.status, reply: legal.error };
      const state = await current();
      return { ok: true, reply: legalText(legal.value, state?.you), ...(state ? { state } : {}) };
    }
    case 'resign':
    case 'draw':
    case 'accept':
    case 'decline': {
      const result =
        command.kind === 'resign' ? await service.resign(gameId, actor) : await service.draw(gameId, actor, command.kind === 'draw' ? 'offer' : command.kind);
      if (!result.ok) {
        // A bare "accept" / "decline" is the draw's: say what answers the request actually waiting.
        const state = command.kind === 'accept' || command.kind === 'decline' ? await current() : undefined;
        const other = state?.you && opposite(state.you);
        const hint =
          other && state.takebackOffer === other
            ? ` To answer ${colorName(other)}'s takeback request, reply "takeback ${command.kind}".`
            : other && state.pauseOffer?.by === other
              ? ` To answer ${colorName(other)}'s pause request, reply "pause ${command.kind}".`
              : '';
        const said = `Could not ${command.kind}: ${result.error}`;
        return failed(hint ? `${said.replace(/\.?$/, '.')}${hint}` : said, result.status);
      }
      const state = result.value;
      const what =
        command.kind === 'resign'
          ? 'You resigned.'
          : state.status !== 'active'
            ? 'The draw is agreed.'
            : command.kind === 'decline'
              ? 'You declined the draw offer.'
              : 'You offered a draw.';
      return carriedOut(what, state);
    }
    case 'claim': {
      const result = await service.claim(gameId, actor);
      if (!result.ok) return failed(`Could not claim the win: ${result.error}`, result.status);
      return carriedOut('You claimed the win on time.', result.value);
    }
    case 'takeback': {
      // The last turns, read before they are taken back: the answer names the one it is about.
      const before = await service.history(gameId);
      const result = await service.takeback(gameId, actor, command.action);
      if (!result.ok)
        return failed(`Could not ${command.action === 'offer' ? 'ask for a takeback' : `${command.action} the takeback`}: ${result.error}`, result.status);
      const state = result.value;
      const proposer = state.you && (command.action === 'offer' ? state.you : opposite(state.you));
      const turn = before.ok && proposer ? before.value.moves.findLast((m) => m.side === proposer) : undefined;
      const named = turn ? `, ${turn.text} (ply ${turn.ply})` : '';
      // The reply after it goes too (the computer's, granted at once): said (tester 7 H8).
      const reply = before.ok && turn ? before.value.moves.find((m) => m.ply === turn.ply + 1 && m.ply > state.ply) : undefined;
      const andReply = reply ? `, and ${colorName(reply.side)}'s reply, ${reply.text} (ply ${reply.ply}),` : '';
      const what =
        command.action === 'decline'
          ? 'You declined the takeback.'
          : command.action === 'accept'
            ? `You accepted the takeback${turn ? ` of ${turn.text} (ply ${turn.ply})` : ''}.`
            : state.takebackOffer === null
              ? `Your last turn${named}${andReply} ${andReply ? 'were' : 'was'} taken back.`
              : `You asked to take back your last turn${named}.`;
      return carriedOut(what, state);
    }
    case 'pause': {
      const what = command.action === 'offer' ? 'ask for a pause' : `${command.action} the pause`;
      if (command.action === 'offer' && command.days === undefined)
        return failed(`Could not ${what}: say for how many days, e.g. "pause 7" (1-${MAX_PAUSE_DAYS})`, 400);
      const input = v.safeParse(PauseSchema, command.action === 'offer' ? { action: 'offer', days: command.days } : { action: command.action });
      if (!input.success) return failed(`Could not ${what}: days ${input.issues[0].message}`, 400);
      const result = await service.pause(gameId, actor, input.output);
      if (!result.ok) return failed(`Could not ${what}: ${result.error}`, result.status);
      const state = result.value;
      const done = state.pause
        ? `The game is paused until ${utc(state.pause.until)}; then ${colorName(state.sideToMove)}'s deadline is ${utc(state.pause.deadline)}.`
        : command.action === 'offer'
          ? `You asked for a pause of ${plural(state.pauseOffer?.days ?? 0, 'day')}.`
          : command.action === 'decline'
            ? 'You declined the pause.'
            : 'You took your request for a pause back.';
      return carriedOut(done, state);
    }
    case 'leave': {
      const input = v.safeParse(LeaveSchema, { days: command.days });
      if (!input.success) return failed(`Could not take leave: days ${input.issues[0].message}`, 400);
      const result = await service.leave(gameId, actor, input.output.days);
      if (!result.ok) return failed(`Could not take leave: ${result.error}`, result.status);
      const state = result.value;
      const left = state.you && state.clock ? state.clock.leaveLeft[state.you] : 0;
      const done = `You took ${plural(input.output.days, 'day')} of leave: your deadline is ${state.clock?.deadline ? utc(state.clock.deadline) : 'not set'}; ${left} left.`;
      return carriedOut(done, state);
    }
    case 'say': {
      const parsed = v.safeParse(MessageTextSchema, command.text);
      if (!parsed.success) return failed(`Could not send the message: ${parsed.issues[0].message}`, 400);
      const sent = await service.sendMessage(gameId, actor, parsed.output);
      if (!sent.ok) return failed(`Could not send the message: ${sent.error}`, sent.status);
      const state = await current();
      // Quoted back as sent, so a message cut or joined otherwise than meant shows (tester 12 E12).
      const quoted = sent.value.message.text.split('\n').map((l) => `> ${printable(l)}`);
      return {
        ok: true,
        reply: [`Your message was sent to ${colorName(opposite(sent.value.message.side))}:`, ...quoted].join('\n'),
        ...(state ? { state } : {}),
      };
    }
    case 'if':
    case 'conditional': {
      let result;
      if (command.kind === 'conditional') result = command.clear ? await service.clearConditional(gameId, actor) : await service.conditional(gameId, actor);
      else {
        if (command.line.includes(''))
          return failed('Could not read the line: a turn is missing after a "then" (write one turn between each "then"); nothing was stored.', 400);
        const parsed = v.safeParse(ConditionalLineSchema, command.line);
        if (!parsed.success) return failed(`Could not read the line: ${parsed.issues[0].message}`, 400);
        result = await service.addConditionalLine(gameId, actor, parsed.output);
      }
      if (!result.ok) return failed(`${command.kind === 'if' ? 'Could not store the line' : 'Could not do that'}: ${result.error}`, result.status);
      const state = await current();
      const { lines } = result.value;
      const what = command.kind === 'if' ? 'Stored. ' : command.clear ? 'Your conditional lines are cleared. ' : '';
      const list = lines.length
        ? `Your conditional lines (${lines.length}):\n${lines.map((l, i) => `  ${i + 1}. ${conditionalText(l)}`).join('\n')}`
        : 'You have no conditional lines.';
      // What became of the lines for the opponent's last turn, as the game page says it.
      const outcome = result.value.outcome;
      const told = command.kind === 'conditional' && outcome && state?.you ? `${planOutcomeWords(outcome, opposite(state.you))}\n` : '';
      return { ok: true, reply: `${what}${told}${list}`, ...(state ? { state } : {}) };
    }
    case 'move': {
      // Words no turn begins with ("status", "board please"): not a turn refused for a reason about turns.
      if (command.text.trim() && plainWords(command.text)) return unknownCommand(command.text);
      const parsed = v.safeParse(MovePlainSchema, command.text);
      if (!parsed.success) return failed(`Could not read "${command.text}": ${parsed.issues[0].message}`, 400);
      const message = command.message === undefined ? undefined : v.safeParse(MessageTextSchema, command.message);
      if (message && !message.success) return failed(`Could not play "${command.text}" with your message: the message ${message.issues[0].message}`, 400);
      const result = await service.move(gameId, actor, { ...parsed.output, ...(message ? { message: message.output } : {}) });
      if (!result.ok) return failed(`Could not play "${command.text}": ${result.error}`, result.status);
      const { move, answer } = result.value;
      let state = result.value.state;
      // An answer the opponent planned is played at once: it reads as any turn of theirs (their plans are private).
      let played = `You played ${move.text} (ply ${move.ply})${message ? ', with your message' : ''}.${answer ? ` ${colorName(answer.side)} played ${answer.text} (ply ${answer.ply}).` : ''}`;
      // The turn first, then the offer (as the game page: an offer made on one's own move stays through it).
      if (command.offerDraw && state.status === 'active') {
        const offered = await service.draw(gameId, actor, 'offer');
        if (offered.ok) state = offered.value;
        played += offered.ok ? ' You offered a draw.' : ` Your draw offer was not made: ${offered.error}.`;
      }
      return carriedOut(played, state);
    }
  }
}
