// Negamax alpha-beta with iterative deepening, principal variation search, a
// transposition table on incremental Zobrist keys, killer and history move
// ordering, late move reductions and a quiescence step over captures (and
// check evasions). Everything goes through the Variant interface; what it does
// not say (keys, evaluation, captures) comes from SearchRules.
//
// Budgets are counted in nodes, never time: the same input gives the same
// answer on any machine. Nothing is kept between calls (the shared tables are cleared or stamped).
import type { AnyVariant } from '../types.ts';
import { seededRandom, type Key, type SearchRules } from './rules.ts';
import {
  MATE,
  MATE_BOUND,
  INFINITY,
  MAX_PLY,
  QUIESCENCE_PLIES,
  EVASION_PLIES,
  FRONTIER_QUIET_MOVES,
  FUTILITY_MARGIN,
  ROOT_WIDE,
  ROOT_KEPT,
  ROOT_MARGIN,
  CONTEMPT,
  NULL_MIN_DEPTH,
  NULL_DEEPER,
  ABORT,
  FIRST_ITERATION_CAP,
  FIRST_ITERATION_FLOOR,
  keyNumber,
  type SearchLimits,
  type RootMove,
  type SearchOutcome,
} from './search-settings.ts';

import { EvalCache } from './eval-cache.ts';
import { ListCache } from './list-cache.ts';
import type { Listing } from './listing.ts';
import { listingsOf, PLY_KEYS, PLY_MOVE_ORDER, PLY_ORDER, scoresAt } from './ply-buffers.ts';
import {
  entryBound,
  entryDepth,
  entryScore,
  EXACT,
  fromTable,
  LOWER,
  packEntry,
  TT,
  TT_MASK,
  TT_MOVE_KEY,
  TT_PACKED,
  toTable,
  UPPER,
} from './transposition-table.ts';
import { scoredKeys, withDropsNotListed } from './lazy-drops.ts';
import { HistoryTable, type MoveOrder } from './move-order.ts';

const EARLIER_FILTER_MASK = 4095;

export class Searcher<P, M> {
  nodes = 0;
  private canAbort = false;
  /** Past this many nodes even depth 1 stops. */
  private readonly ceiling: number;
  private iteration = 0;
  private readonly keys: Key[] = PLY_KEYS;
  private readonly path = new Float64Array(MAX_PLY + 2);
  private readonly killers = new Float64Array((MAX_PLY + 2) * 2).fill(-1);
  /** Per ply: 1 where the turn into it was a null move (no two in a row). */
  private readonly passed = new Uint8Array(MAX_PLY + 2);
  private readonly history = new HistoryTable();
  /** Per ply: quiescence's lazily listed legal turns (no closure made per node). */
  private readonly plyListing: Listing<P, M>[];
  // The transposition table's arrays are shared by all searches (one at a time): allocating and
  // zeroing ~1.4 MB per call cost more than the smaller searches. Only the flags are cleared (run):
  // an entry without one counts as empty, whatever its other fields hold.
  private readonly tt = TT;
  /** 1 at (keyNumber & EARLIER_FILTER_MASK) of every earlier position's key. */
  private readonly earlierFilter = new Uint8Array(EARLIER_FILTER_MASK + 1);
  private readonly noiseMix: number;
  private readonly cache: EvalCache<P, M>;
  private readonly lists = new ListCache<M>(); // the turns listed in full, by key (list-cache.ts)

  constructor(
    private readonly variant: AnyVariant,
    private readonly rules: SearchRules<P, M>,
    private readonly limits: SearchLimits,
    /** How often each earlier position of the game occurred (keyNumber -> count). */
    private readonly earlier: ReadonlyMap<number, number>,
  ) {
    this.noiseMix = Math.imul(limits.seed | 0, 0x9e3779b1) ^ 0x2545f491;
    this.ceiling = Math.max(limits.nodes * FIRST_ITERATION_CAP, FIRST_ITERATION_FLOOR);
    this.cache = new EvalCache(rules);
    this.plyListing = listingsOf<P, M>(variant);
    // keyNumber's low 21 bits are the key's second word shifted by 11.
    for (const k of earlier.keys()) this.earlierFilter[(k % 2 ** 21) & EARLIER_FILTER_MASK] = 1;
  }

  run(root: P): SearchOutcome<M> | undefined {
    this.tt.fill(0);
    const moves = this.variant.legalMoves(root) as M[];
    if (moves.length === 0) return undefined;
    this.rules.hash(root, this.keys[0]!);
    this.path[0] = keyNumber(this.keys[0]!);
    let rootMoves: RootMove<M>[] = moves.map((move) => ({ move, score: -INFINITY }));
    if (this.limits.sample && rootMoves.length > this.limits.sample) {
      const random = seededRandom(this.limits.seed ^ 0x5a3c);
      // Never left out: a capture, or a check (so a win at once is always seen).
      const forcing = (m: M) => this.rules.victim(root, m) > 0 || this.givesCheck(root, m);
      const sampled = rootMoves.filter((r) => forcing(r.move));
      const quiet = rootMoves.filter((r) => !forcing(r.move));
      while (sampled.length < this.limits.sample && quiet.length) sampled.push(quiet.splice(Math.floor(random() * quiet.length), 1)[0]!);
      rootMoves = sampled;
    }
    // First ordering: captures by value, the rest as generated.
    const order = (m: M) => (this.rules.victim(root, m) ? 1_000_000 + this.rules.victim(root, m) * 10 - this.rules.attacker(root, m) / 10 : 0);
    rootMoves.sort((a, b) => order(b.move) - order(a.move));
    const wide = rootMoves.length > ROOT_WIDE && !this.limits.exactRoot;
    let best = rootMoves[0]!;
    let bestScore = -INFINITY;
    let depth = 0;
    for (let d = 1; d <= this.limits.maxDepth; d++) {
      this.iteration = d;
      this.canAbort = d > 1;
      let alpha = -INFINITY;
      let iterationBest: RootMove<M> | undefined;
      try {
        for (const [i, entry] of rootMoves.entries()) {
          if (d > 1 && wide && i >= ROOT_KEPT && entry.score + ROOT_MARGIN <= alpha) continue;
          const child = this.play(root, entry.move, 1);
          const key = this.keys[1]!;
          key[0] = this.keys[0]![0]!;
          key[1] = this.keys[0]![1]!;
          this.rules.rehash(root, child, key, entry.move);
          const checked = this.rules.checkAfter?.(root, child, entry.move);
          let score: number;
          if (this.limits.exactRoot || i === 0) score = -this.search(child, d - 1, -INFINITY, -alpha, 1, checked);
          else {
            score = -this.search(child, d - 1, -alpha - 1, -alpha, 1, checked);
            if (score > alpha) score = -this.search(child, d - 1, -INFINITY, -alpha, 1, checked);
          }
          entry.score = score;
          if (!iterationBest || score > iterationBest.score) iterationBest = entry;
          if (!this.limits.exactRoot && score > alpha) alpha = score;
        }
      } catch (e) {
        if (e !== ABORT) throw e;
        this.history.reset();
        // The first root move (last iteration's best) was searched in full if
        // anything was chosen; a move that beat it is better still.
        if (iterationBest) {
          best = iterationBest;
          bestScore = iterationBest.score;
        } else if (d === 1) {
          // Depth 1 hit its ceiling before any root move was scored: the first (a capture if there
          // is one), scored by the evaluation of where it leads.
          bestScore = -this.rules.evaluate(this.variant.play(root, best.move) as P);
        }
        break;
      }
      depth = d;
      rootMoves.sort((a, b) => b.score - a.score);
      best = rootMoves[0]!;
      bestScore = best.score;
      if (Math.abs(bestScore) >= MATE_BOUND || this.nodes >= this.limits.nodes) break;
      // Root moves not searched in the next iteration keep this one's scores.
      for (const entry of rootMoves) if (entry !== best) entry.score = Math.min(entry.score, bestScore);
    }
    const ranked = [best, ...rootMoves.filter((r) => r !== best)];
    return { best: best.move, score: bestScore, depth, nodes: this.nodes, root: ranked };
  }

  /** rules.evaluate(pos), cached by the position's key. */
  private evaluate(pos: P, key: Key): number {
    return this.cache.evaluate(pos, key);
  }

  private noise(key: Key): number {
    const n = this.limits.noise;
    if (!n) return 0;
    const h = Math.imul(key[0]! ^ this.noiseMix, 0x85ebca6b) ^ Math.imul(key[1]!, 0xc2b2ae35);
    return ((h >>> 8) % (2 * n + 1)) - n;
  }

  private count(): void {
    this.nodes++;
    if ((this.canAbort && this.nodes >= this.limits.nodes) || this.nodes >= this.ceiling) throw ABORT;
  }

  /** The position after `move` at `ply` (rules.playAt may reuse that ply's arrays and object). */
  private play(pos: P, move: M, ply: number): P {
    return this.rules.playAt ? this.rules.playAt(pos, move, ply) : (this.variant.play(pos, move) as P);
  }

  private givesCheck(pos: P, move: M): boolean {
    return this.rules.givesCheck ? this.rules.givesCheck(pos, move) : this.variant.isCheck(this.variant.play(pos, move));
  }

  /** Repetition: a third occurrence counting the game, or any repeat inside the search, is a draw. */
  private repeated(ply: number): boolean {
    const k = this.path[ply]!;
    // Most keys are of no earlier position: the filter says so without a lookup in the map.
    let seen = this.earlierFilter[(this.keys[ply]![1]! >>> 11) & EARLIER_FILTER_MASK] ? (this.earlier.get(k) ?? 0) : 0;
    for (let p = ply - 2; p >= 0; p -= 2) if (this.path[p] === k) seen += 2;
    return seen >= 2;
  }

  private orderScore(pos: P, move: M, ply: number, ttMove: number, side: number): number {
    const key = this.rules.moveKey(move);
    if (key === ttMove) return 1e9;
    const victim = this.rules.victim(pos, move);
    if (victim) return 1e8 + victim * 16 - this.rules.attacker(pos, move) / 16;
    if (key === this.killers[ply * 2]) return 9e7;
    if (key === this.killers[ply * 2 + 1]) return 8e7;
    return this.history.get(key * 2 + side);
  }

  /**
   * Leave out of `order`, past pick `n`, the quiet drops that give no check. A method of its own: a
   * closure in search() would make its variables a context allocated at every call.
   */
  private leaveOutQuietDrops(order: MoveOrder, n: number, pos: P, moves: M[], scores: Float64Array): void {
    order.keep(n, (i) => !(scores[i]! < 8e7 && this.rules.isDrop(moves[i]!) && !this.givesCheck(pos, moves[i]!)));
  }

  /** `checked`: whether the side to move is in check, when the caller knows (rules.checkAfter). */
  private search(pos: P, depth: number, alpha: number, beta: number, ply: number, checked?: boolean): number {
    this.count();
    const key = this.keys[ply]!;
    this.path[ply] = keyNumber(key);
    if (this.repeated(ply)) return ply % 2 ? CONTEMPT : -CONTEMPT;
    const inCheck = checked ?? this.variant.isCheck(pos);
    if (inCheck && ply < this.iteration * 2) depth++;
    // A threat to meet (First Contact) is searched a ply deeper, as a check is (tuning: threatExtend).
    else if (this.limits.threatExtend && ply < this.iteration * 2 && this.rules.threatened && this.cache.threatened(pos, key)) depth++;
    if (depth <= 0 || ply >= MAX_PLY) return this.quiesce(pos, alpha, beta, ply, 0, inCheck);

    const tt = this.tt;
    const at = (key[1]! & TT_MASK) * 4;
    let ttMove = -1;
    const packed = tt[at + TT_PACKED]!;
    if (entryBound(packed) && tt[at] === key[0] && tt[at + 1] === key[1]) {
      ttMove = tt[at + TT_MOVE_KEY]!;
      if (entryDepth(packed) >= depth) {
        const score = fromTable(entryScore(packed), ply);
        const flag = entryBound(packed);
        if (flag === EXACT || (flag === LOWER && score >= beta) || (flag === UPPER && score <= alpha)) return score;
      }
    }

    // Null move (tuning: nullMove): if passing still holds beta at a reduced depth, a turn will too.
    // First Contact's quiescence sees the opponent's check that wins, so a threat is never passed over.
    const pass = this.limits.nullMove ? this.rules.pass : undefined;
    if (pass && !inCheck && depth >= NULL_MIN_DEPTH && !this.passed[ply] && Math.abs(beta) < MATE_BOUND && this.evaluate(pos, key) >= beta) {
      const child = pass(pos);
      const childKey = this.keys[ply + 1]!;
      childKey[0] = key[0]!;
      childKey[1] = key[1]!;
      this.rules.rehash(pos, child, childKey);
      const reduction = this.limits.nullMove! + (depth >= NULL_DEEPER ? 1 : 0);
      this.passed[ply + 1] = 1;
      const score = -this.search(child, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
      this.passed[ply + 1] = 0;
      if (score >= beta) return score >= MATE_BOUND ? beta : score;
    }

    const side = this.variant.turn(pos) === 'white' ? 0 : 1;
    const alphaIn = alpha;
    let best = -INFINITY;
    let bestKey = -1;
    const childKey = this.keys[ply + 1]!;
    // Staged (out of check): the first turn in the order is found without listing the turns - the
    // hash move, else the best capture (ordering puts every capture before killers and quiet
    // turns), else a killer - and searched; most nodes end with it. Otherwise the list follows,
    // ordered as if it had come first: the history adds made below that turn are taken back while
    // the list is scored.
    let first: M | undefined;
    let mark = -1;
    // The hash move, when legal here, comes first of all (read by its key).
    if (ttMove >= 0 && !inCheck) first = this.rules.legalByKey?.(pos, ttMove);
    else if (!inCheck) {
      // Scored earlier in this search (an earlier iteration's quiescence), its captures are listed from the evaluation's notes.
      this.cache.recall(pos, key);
      const captures = this.rules.firstCaptures?.(pos);
      if (captures) {
        let firstScore = 0;
        for (let i = 0; i < captures.length; i++) {
          const move = captures[i]!;
          const victim = this.rules.victim(pos, move);
          if (!victim) continue;
          const score = 1e8 + victim * 16 - this.rules.attacker(pos, move) / 16;
          if (first === undefined || score > firstScore) {
            first = move;
            firstScore = score;
          }
        }
      }
      // With no capture, killer turns come next (a quiet turn's history never reaches their scores
      // while the largest stays below 8e7): the first of them that is legal here.
      if (first === undefined && captures && this.rules.legalByKey && this.history.max < 8e7)
        for (let i = ply * 2; i < ply * 2 + 2 && first === undefined; i++) if (this.killers[i]! >= 0) first = this.rules.legalByKey(pos, this.killers[i]!);
    }
    if (first !== undefined) {
      const child = this.play(pos, first, ply + 1);
      childKey[0] = key[0]!;
      childKey[1] = key[1]!;
      this.rules.rehash(pos, child, childKey, first);
      mark = this.history.begin();
      const score = -this.search(child, depth - 1, -beta, -alpha, ply + 1, this.rules.checkAfter?.(pos, child, first));
      best = score;
      bestKey = this.rules.moveKey(first);
      if (score > alpha) alpha = score;
      if (alpha >= beta) this.history.end(mark);
    }
    if (alpha < beta) {
      if (first !== undefined) this.history.rewind(mark);
      // Drops with no order score (not the hash move, a killer or with a history) are picked last, in
      // generated order: where the rules can, they are listed only when the picks reach them.
      let dropsLater = !inCheck && this.rules.legalMovesWithDrops !== undefined;
      let moves = (
        dropsLater
          ? this.rules.legalMovesWithDrops!(pos, scoredKeys(ttMove, this.killers, ply, this.history, side))
          : (this.lists.get(key) ?? this.lists.set(key, this.variant.legalMoves(pos) as M[]))
      ) as M[];
      if (moves.length === 0 && dropsLater) {
        moves = this.rules.legalDrops!(pos);
        dropsLater = false;
      }
      if (moves.length === 0) return inCheck ? -(MATE - ply) : 0;
      let scores = scoresAt(ply, moves.length);
      for (let i = 0; i < moves.length; i++) scores[i] = this.orderScore(pos, moves[i]!, ply, ttMove, side);
      if (first !== undefined) {
        this.history.replay(mark);
        this.history.end(mark);
      }
      const order = PLY_MOVE_ORDER[ply]!.reset(scores, PLY_ORDER[ply]!, moves.length);
      // A side that must meet a threat (First Contact) may need any drop: none is left out then.
      const frontier = depth === 1 && !inCheck && !(this.limits.threatPlies && this.rules.threatened && this.cache.threatened(pos, key));
      let quietSearched = 0;
      let standPat: number | undefined;
      let pruned = false;
      for (let n = 0; n < order.length || dropsLater; n++) {
        if (frontier && !pruned && quietSearched >= FRONTIER_QUIET_MOVES) {
          // From here on every quiet drop that gives no check is passed over (below): left out
          // at once, so hundreds of drops are not picked one by one (those not listed give no check).
          pruned = true;
          dropsLater = false;
          this.leaveOutQuietDrops(order, n - 1, pos, moves, scores);
          if (n >= order.length) break;
        }
        if (n === order.length) {
          // Every listed turn is picked: the drops not listed follow in their order, scored 0 as when listed.
          dropsLater = false;
          const listed = moves.length;
          moves = withDropsNotListed(this.rules, pos, moves);
          if (moves.length === listed) break;
          scores = scoresAt(ply, moves.length);
          scores.fill(0, listed, moves.length);
          order.append(scores, PLY_ORDER[ply]!, moves.length);
        }
        const index = order.pick(n);
        const move = moves[index]!;
        // The staged capture (the first pick) is searched already.
        if (n === 0 && first !== undefined) continue;
        const quiet = scores[index]! < 8e7;
        if (frontier && quiet && quietSearched >= FRONTIER_QUIET_MOVES) {
          const futile = this.rules.isDrop(move) || (standPat ??= this.evaluate(pos, key)) + FUTILITY_MARGIN <= alpha;
          if (futile && !this.givesCheck(pos, move)) continue;
        }
        if (quiet) quietSearched++;
        const child = this.play(pos, move, ply + 1);
        childKey[0] = key[0]!;
        childKey[1] = key[1]!;
        this.rules.rehash(pos, child, childKey, move);
        const checked = this.rules.checkAfter?.(pos, child, move);
        let score: number;
        if (n === 0) score = -this.search(child, depth - 1, -beta, -alpha, ply + 1, checked);
        else {
          // Late quiet moves are searched one ply shallower first.
          const reduce = depth >= 3 && n >= 3 && quiet && !inCheck ? (n >= 10 && depth >= 4 ? 2 : 1) : 0;
          score = -this.search(child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, checked);
          if (score > alpha && reduce) score = -this.search(child, depth - 1, -alpha - 1, -alpha, ply + 1, checked);
          if (score > alpha && score < beta) score = -this.search(child, depth - 1, -beta, -alpha, ply + 1, checked);
        }
        if (score > best) {
          best = score;
          bestKey = this.rules.moveKey(move);
        }
        if (score > alpha) alpha = score;
        if (alpha >= beta) {
          if (quiet) {
            const k = this.rules.moveKey(move);
            if (this.killers[ply * 2] !== k) {
              this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
              this.killers[ply * 2] = k;
            }
            const h = k * 2 + side;
            this.history.add(h, depth * depth);
          }
          break;
        }
      }
    }
    const was = tt[at + TT_PACKED]!;
    if (!entryBound(was) || depth >= entryDepth(was) || tt[at] !== key[0] || tt[at + 1] !== key[1]) {
      tt[at] = key[0]!;
      tt[at + 1] = key[1]!;
      tt[at + TT_MOVE_KEY] = bestKey;
      tt[at + TT_PACKED] = packEntry(toTable(best, ply), Math.min(depth, 127), best >= beta ? LOWER : best <= alphaIn ? UPPER : EXACT);
    }
    return best;
  }

  /** `inCheck`: whether the side to move is in check, when the caller knows. */
  private quiesce(pos: P, alpha: number, beta: number, ply: number, qply: number, inCheck?: boolean): number {
    this.count();
    const key = this.keys[ply]!;
    // The legal turns, listed when first asked for (this ply's listing: no closure per node).
    const listing = this.plyListing[ply]!.reset(pos, key, this.lists);
    let moves: M[];
    let best: number;
    if (inCheck ?? this.variant.isCheck(pos)) {
      if (listing.get().length === 0) return -(MATE - ply);
      if (qply >= EVASION_PLIES || ply >= MAX_PLY) return this.evaluate(pos, key) + this.noise(key);
      moves = listing.get();
      best = -INFINITY;
    } else {
      if (this.rules.winningTurn && this.cache.wins(pos, key, listing.get, listing.listed)) return MATE - ply - 1;
      // Stalemate is a draw, not the position's worth (seen where the turns were listed anyway).
      if (listing.legal?.length === 0) return 0;
      if (qply < (this.limits.threatPlies ?? 0) && ply < MAX_PLY && this.rules.threatened && this.cache.threatened(pos, key)) {
        // The opponent wins at once unless this turn stops it: no standing pat, every turn is tried.
        moves = listing.get();
        if (moves.length === 0) return 0;
        best = -INFINITY;
      } else {
        best = this.evaluate(pos, key) + this.noise(key);
        if (best >= beta || qply >= (this.limits.quiescencePlies ?? QUIESCENCE_PLIES) || ply >= MAX_PLY) return best;
        if (best > alpha) alpha = best;
        moves = this.rules.captures(pos, listing.get);
      }
    }
    if (moves.length === 0) return best;
    const scores = scoresAt(ply, moves.length);
    for (let i = 0; i < moves.length; i++) scores[i] = this.rules.victim(pos, moves[i]!) * 16 - this.rules.attacker(pos, moves[i]!) / 16;
    const order = PLY_MOVE_ORDER[ply]!.reset(scores, PLY_ORDER[ply]!, moves.length);
    const childKey = this.keys[ply + 1]!;
    for (let n = 0; n < moves.length; n++) {
      const move = moves[order.pick(n)]!;
      const child = this.play(pos, move, ply + 1);
      childKey[0] = key[0]!;
      childKey[1] = key[1]!;
      this.rules.rehash(pos, child, childKey, move);
      const score = -this.quiesce(child, -beta, -alpha, ply + 1, qply + 1, this.rules.checkAfter?.(pos, child, move));
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  }
}
