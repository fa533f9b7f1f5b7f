// Fair engine comparisons: perft counted two ways for every engine in one run.
// "bulk": the last ply is counted from the move list without playing it (what our perft and
// chessops' do); "played": every leaf move is played, like chess.js's perft (it has no other
// mode). References: chess.js and lichess's chessops, both on the ordinary chess start.
import { Chess } from 'chess.js';
import { perft as chessopsBulk } from 'chessops/debug';
import { Chess as ChessopsPosition, type Position } from 'chessops/chess';
import { squareRank } from 'chessops/util';
import { Game } from '../src/engine/game.ts';
import { perft } from '../src/engine/perft.ts';
import type { AnyVariant } from '../src/engine/types.ts';
import { getVariant, variantNames } from '../src/engine/variants/index.ts';
import { busyGame, timedPerft } from './engine.ts';

/** Our perft with every leaf move played. */
function perftPlayed(variant: AnyVariant, pos: unknown, depth: number): number {
  if (depth === 0) return 1;
  let nodes = 0;
  for (const move of variant.legalMoves(pos)) nodes += depth === 1 ? (variant.play(pos, move), 1) : perftPlayed(variant, variant.play(pos, move), depth - 1);
  return nodes;
}

const PROMOTIONS = ['queen', 'knight', 'rook', 'bishop'] as const;

/** chessops' perft without its leaf shortcut: every leaf move is played on a clone. */
function chessopsPlayed(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  let nodes = 0;
  const lastRank = pos.turn === 'white' ? 6 : 1;
  for (const [from, dests] of pos.allDests()) {
    const promotions = squareRank(from) === lastRank && pos.board.pawn.has(from) ? PROMOTIONS : [undefined];
    for (const to of dests)
      for (const promotion of promotions) {
        const child = pos.clone();
        child.play({ from, to, promotion });
        nodes += chessopsPlayed(child, depth - 1);
      }
  }
  return nodes;
}

export interface PerftPair {
  readonly engine: string;
  readonly position: string;
  readonly bulk: ReturnType<typeof timedPerft>;
  readonly played: ReturnType<typeof timedPerft>;
}

export function engineComparison(budgetMs = 20000): { ours: PerftPair[]; chessops: PerftPair; chessJs: PerftPair } {
  const ours: PerftPair[] = [];
  for (const name of variantNames()) {
    const variant = getVariant(name)!;
    const busyPlies = name === 'warp-factor' ? 30 : 40;
    const start = Game.create(name);
    const middle = Game.replay(name, {}, busyGame(name, busyPlies));
    if (!start.ok || !middle.ok) throw new Error(`cannot set up ${name}`);
    for (const [label, game] of [
      ['start', start.value],
      [`busy (seed 1, ${busyPlies} plies)`, middle.value],
    ] as const)
      ours.push({
        engine: name,
        position: label,
        bulk: timedPerft((d) => perft(variant, game.position, d), 300, budgetMs),
        played: timedPerft((d) => perftPlayed(variant, game.position, d), 300, budgetMs),
      });
  }
  const start = ChessopsPosition.default();
  // Warm-up as deep as the timed runs start to count: a short one left chessops' bulk count
  // half-optimised under load (depth 4 timed slower than the same depth played).
  chessopsBulk(start, 4);
  chessopsPlayed(start, 3);
  const chessops = {
    engine: 'chess (chessops)',
    position: 'standard start',
    bulk: timedPerft((d) => chessopsBulk(start, d), 300, budgetMs, 7),
    played: timedPerft((d) => chessopsPlayed(start, d), 300, budgetMs, 7),
  };
  const chess = new Chess();
  chess.perft(4); // warm-up
  const chessJsRun = timedPerft((d) => chess.perft(d), 300, budgetMs, 6);
  // chess.js plays every leaf: its one figure stands in both columns.
  const chessJs = { engine: 'chess (chess.js)', position: 'standard start', bulk: chessJsRun, played: chessJsRun };
  return { ours, chessops, chessJs };
}
