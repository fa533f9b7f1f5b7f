// Text commands shared by the chat-bot endpoint and reply-to-play email:
// a turn (`Wb1-Nc3`, `move Wb1-Nc3`), `board`, `legal`, `resign`, `draw`, `accept`,
// `decline`, `help`. Each answers with a short text and the game state.
import type { BoardView, Color, Orientation, Role } from '../engine/types.ts';
import type { Actor, GameService, PublicState } from '../service/games.ts';
import { MovePlainSchema } from '../service/schemas.ts';
import * as v from 'valibot';
import { boardText } from './board-text.ts';

export type Command =
  | { readonly kind: 'move'; readonly text: string }
  | { readonly kind: 'board' | 'legal' | 'resign' | 'draw' | 'accept' | 'decline' | 'help' };

const KEYWORDS = ['board', 'legal', 'resign', 'draw', 'accept', 'decline', 'help'] as const;

/** A line -> a command: a keyword (any case, trailing punctuation ignored), `move <turn>`, or a turn. */
export function parseCommand(line: string): Command | undefined {
  const text = line.trim().replace(/^\/?subspace\s+/i, '');
  if (!text) return undefined;
  const word = text.toLowerCase().replace(/[.!]+$/, '');
  if ((KEYWORDS as readonly string[]).includes(word)) return { kind: word as (typeof KEYWORDS)[number] };
  if (word === 'offer draw' || word === 'draw offer' || word === 'offer a draw') return { kind: 'draw' };
  const m = /^(?:move|play)\s+(.+)$/i.exec(text);
  return { kind: 'move', text: (m ? m[1]! : text).trim() };
}

export const HELP = [
  'Commands:',
  '  Wb1-Nc3 (or: move Wb1-Nc3)  play a turn; add #<ply> to guard against a stale board',
  '  board    the board as text and whose turn it is',
  '  legal    your legal turns',
  '  draw     offer a draw (or accept the one offered to you)',
  '  accept   accept a draw offer;  decline  decline it',
  '  resign   resign the game',
  '  help     this list',
].join('\n');

const SIDE: Record<Color, string> = { white: 'White', black: 'Black' };

/** The board of a public state as text, with whose turn it is (or how the game ended). */
export function stateBoardText(state: PublicState): string {
  const over =
    state.status === 'active'
      ? undefined
      : state.status === 'aborted'
        ? 'Game aborted'
        : `Game over: ${state.result}${state.reason ? ` (${state.reason})` : ''}${state.winner ? `, ${SIDE[state.winner]} wins` : ''}`;
  if (!state.board) return `${state.position}\n${over ?? `${SIDE[state.sideToMove]} to move`}`;
  const view: BoardView = {
    variant: state.variant as BoardView['variant'],
    sideToMove: state.sideToMove,
    phase: state.phase ?? 'play',
    cells: state.board.cells.map((c) => ({ cell: c.cell, color: c.color, role: c.role as Role, ...(c.orientation ? { orientation: c.orientation as Orientation } : {}) })),
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

function turnLine(state: PublicState, you: Color | undefined): string {
  if (state.status !== 'active') return '';
  const yours = you === state.sideToMove;
  return yours ? 'It is your turn.' : `It is ${SIDE[state.sideToMove]}'s turn.`;
}

/** Run one command as a player. Failures come back as text (ok: false) with the current state. */
export async function runCommand(service: GameService, gameId: string, actor: Actor, command: Command): Promise<CommandAnswer> {
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
      return { ok: true, reply: HELP, ...(state ? { state } : {}) };
    }
    case 'board': {
      const state = await current();
      if (!state) return { ok: false, status: 404, reply: `no game with id ${gameId}` };
      return { ok: true, reply: [stateBoardText(state), turnLine(state, state.you)].filter(Boolean).join('\n'), state };
    }
    case 'legal': {
      const legal = await service.legal(gameId);
      if (!legal.ok) return { ok: false, status: legal.status, reply: legal.error };
      const state = await current();
      const { legal: list, sideToMove, status } = legal.value;
      const reply =
        status !== 'active'
          ? 'The game is over: there are no legal turns.'
          : `${SIDE[sideToMove]} has ${list.length} legal turn${list.length === 1 ? '' : 's'}: ${list.slice(0, 60).join(' ')}${list.length > 60 ? ' …' : ''}`;
      return { ok: true, reply, ...(state ? { state } : {}) };
    }
    case 'resign':
    case 'draw':
    case 'accept':
    case 'decline': {
      const result =
        command.kind === 'resign'
          ? await service.resign(gameId, actor)
          : await service.draw(gameId, actor, command.kind === 'draw' ? 'offer' : command.kind);
      if (!result.ok) return failed(`Could not ${command.kind}: ${result.error}`, result.status);
      const state = result.value;
      const what =
        command.kind === 'resign'
          ? 'You resigned.'
          : state.status !== 'active'
            ? 'The draw is agreed.'
            : command.kind === 'decline'
              ? 'You declined the draw offer.'
              : 'You offered a draw.';
      return { ok: true, reply: [what, '', stateBoardText(state), turnLine(state, state.you)].filter((l, i) => l || i === 1).join('\n'), state };
    }
    case 'move': {
      const parsed = v.safeParse(MovePlainSchema, command.text);
      if (!parsed.success) return failed(`Could not read "${command.text}": ${parsed.issues[0].message}`, 400);
      const result = await service.move(gameId, actor, parsed.output);
      if (!result.ok) return failed(`Could not play "${command.text}": ${result.error}`, result.status);
      const { move, state } = result.value;
      return {
        ok: true,
        reply: [`You played ${move.text} (ply ${move.ply}).`, '', stateBoardText(state), turnLine(state, state.you)].filter((l, i) => l || i === 1).join('\n'),
        state,
      };
    }
  }
}
