// Tournament pairings and standings: round-robin rounds from Berger tables, one Swiss round at a
// time, and the standings with their tie-breaks. Pure: players are indexes or ids, no storage.

/** One board of a round: white and black are player ids; `black` null is a bye. */
export interface Pairing {
  readonly white: string;
  readonly black: string | null;
}

/**
 * Every round of a round robin among `players` (in seed order), from the Berger tables (FIDE
 * Handbook C.05 Annex 1): every pair meets once, each player's whites and blacks differ by at most
 * one. With an odd number the player paired with the missing last seat sits the round out (a
 * pairing with `black: null`). `double`: a second cycle with the colours swapped.
 */
export function roundRobin(players: readonly string[], double = false): Pairing[][] {
  const seats: (string | null)[] = [...players];
  if (seats.length % 2) seats.push(null);
  const n = seats.length;
  const m = n - 1;
  const rounds: Pairing[][] = [];
  for (let r = 0; r < m; r++) {
    const round: Pairing[] = [];
    // The player on seat a meets the one on seat b where a + b = r (mod n - 1); the one that
    // would meet itself meets the last seat, with colours alternating round by round.
    const withLast = r % 2 === 0 ? r / 2 : (r + m) / 2;
    round.push(r % 2 === 0 ? board(seats[withLast]!, seats[m]!) : board(seats[m]!, seats[withLast]!));
    for (let a = 0; a < m; a++) {
      const b = (((r - a) % m) + m) % m;
      if (b <= a || a === withLast) continue;
      // White is the seat from which the other is an odd number of steps on round the circle.
      const whiteSeat = (b - a) % 2 === 1 ? a : b;
      const blackSeat = whiteSeat === a ? b : a;
      round.push(board(seats[whiteSeat]!, seats[blackSeat]!));
    }
    rounds.push(round.sort((x, y) => Number(x.black === null) - Number(y.black === null)));
  }
  if (!double) return rounds;
  return [...rounds, ...rounds.map((round) => round.map((p) => (p.black === null ? p : { white: p.black, black: p.white })))];
}

/** A board between two seats, one of which may be empty (a bye for the other). */
function board(white: string | null, black: string | null): Pairing {
  if (white === null) return { white: black!, black: null };
  return { white, black };
}

/** A player as the Swiss pairer sees them: rank order, what they have played. */
export interface SwissPlayer {
  readonly id: string;
  readonly score: number;
  /** Opponents met so far (ids). */
  readonly opponents: readonly string[];
  /** Colours played so far, in order ('w' / 'b'); a bye is not a colour. */
  readonly colors: readonly ('w' | 'b')[];
  /** Whether the player already had a bye. */
  readonly hadBye: boolean;
}

/**
 * One Swiss round. `players` are in standing order (best first; ties broken by the caller, e.g.
 * by rating). No pair meets twice; players are paired within their score group where possible
 * (top half against bottom half), with the colour each is due; with an odd number the
 * lowest-placed player without a bye gets one. Undefined when no pairing without repeats exists.
 */
export function swissRound(players: readonly SwissPlayer[], roundsLeft = 0): Pairing[] | undefined {
  const met = new Map(players.map((p) => [p.id, new Set(p.opponents)]));
  // With rounds to come, a round is taken only if the next can still be paired after it: six
  // players in five rounds meet everyone, and a round 3 that leaves two triangles unplayed ended
  // such a tournament after three rounds (a tester's).
  const leavesNext =
    roundsLeft > 0 ? (pairs: readonly [SwissPlayer, SwissPlayer][], bye: SwissPlayer | undefined) => nextPairable(players, met, pairs, bye) : undefined;
  // First with FIDE's absolute colour rules kept (no one three times the same colour in a row, or
  // two more of one colour than the other), then, where no pairing keeps them, without. The
  // look-ahead only prefers: when no round leaves the next pairable, this round is still played
  // (the tournament then ends after it), not skipped (tester 14 P3: a Swiss of four with two
  // withdrawn ended after round 1, its winner on seed, the two left never having met).
  for (const ahead of leavesNext ? [leavesNext, undefined] : [undefined])
    for (const strict of [true, false])
      for (const bye of byeCandidates(players)) {
        const rest = bye ? players.filter((p) => p !== bye) : players;
        const pairs = pairAll(rest, met, strict, ahead && ((out) => ahead(out, bye)));
        if (pairs) return [...pairs.map(([a, b]) => colored(a, b)), ...(bye ? [{ white: bye.id, black: null }] : [])];
      }
  return undefined;
}

/** Who may sit out: with an odd number, the players without a bye, lowest placed first; else nobody. */
const byeCandidates = (players: readonly SwissPlayer[]): (SwissPlayer | undefined)[] =>
  players.length % 2 ? players.filter((p) => !p.hadBye).reverse() : [undefined];

/** Whether a round can be paired without repeats after `pairs` (and `bye`) are played. */
function nextPairable(
  players: readonly SwissPlayer[],
  met: ReadonlyMap<string, ReadonlySet<string>>,
  pairs: readonly [SwissPlayer, SwissPlayer][],
  bye: SwissPlayer | undefined,
): boolean {
  const after = new Map([...met].map(([id, opponents]) => [id, new Set(opponents)]));
  for (const [a, b] of pairs) {
    after.get(a.id)!.add(b.id);
    after.get(b.id)!.add(a.id);
  }
  const next = players.map((p) => (p === bye ? { ...p, hadBye: true } : p));
  return byeCandidates(next).some((sitter) => pairAll(sitter ? next.filter((p) => p !== sitter) : next, after, false) !== undefined);
}

/** Strength of an absolute colour preference: above any other. */
const ABSOLUTE = 100;

interface Due {
  readonly color: 'w' | 'b' | undefined;
  readonly strength: number;
}

/** Players are immutable, so what each is due is kept for as long as the player object lives. */
const dueOf = new WeakMap<SwissPlayer, Due>();

/** What a player is due (dueFrom), asked for every candidate pair at every step of the search: worked out once per player. */
function due(p: SwissPlayer): Due {
  let known = dueOf.get(p);
  if (!known) dueOf.set(p, (known = dueFrom(p.colors)));
  return known;
}

/**
 * The colour a player is due: absolutely the other one after two of the same in a row or when
 * two more of one colour were played (FIDE); else the one played less, else the other of the last;
 * nothing (strength 0) before the first game.
 */
function dueFrom(colors: SwissPlayer['colors']): Due {
  const whites = colors.filter((c) => c === 'w').length;
  const balance = whites - (colors.length - whites);
  const last = colors.at(-1);
  if (Math.abs(balance) >= 2) return { color: balance > 0 ? 'b' : 'w', strength: ABSOLUTE + Math.abs(balance) };
  if (last !== undefined && colors.at(-2) === last) return { color: last === 'w' ? 'b' : 'w', strength: ABSOLUTE };
  if (balance !== 0) return { color: balance > 0 ? 'b' : 'w', strength: Math.abs(balance) * 2 + 1 };
  return { color: last === undefined ? undefined : last === 'w' ? 'b' : 'w', strength: last === undefined ? 0 : 1 };
}

/** Two players who both must have the same colour (an absolute preference each): FIDE does not pair them. */
const absoluteClash = (a: SwissPlayer, b: SwissPlayer) => {
  const [da, db] = [due(a), due(b)];
  return da.strength >= ABSOLUTE && db.strength >= ABSOLUTE && da.color === db.color;
};

/** The colours of a pair: both get what they are due if they can; else the one due more strongly, else the higher placed (`a`). */
function colored(a: SwissPlayer, b: SwissPlayer): Pairing {
  const [da, db] = [due(a), due(b)];
  let aWhite: boolean;
  if (da.color && db.color && da.color !== db.color) aWhite = da.color === 'w';
  else if (da.strength !== db.strength) aWhite = da.strength > db.strength ? da.color === 'w' : db.color === 'b';
  else aWhite = da.color ? da.color === 'w' : db.color ? db.color === 'b' : true;
  return aWhite ? { white: a.id, black: b.id } : { white: b.id, black: a.id };
}

/** Whether two players' due colours clash (both due the same colour). */
const clash = (a: SwissPlayer, b: SwissPlayer) => {
  const [da, db] = [due(a), due(b)];
  return da.color !== undefined && da.color === db.color ? Math.min(da.strength, db.strength) : 0;
};

/**
 * Pair everyone in `players` (standing order) without repeats (`strict`: nor two players who must
 * both have the same colour): the top unpaired player takes the
 * best candidate (same score first, then no colour clash, then nearest the Dutch top-against-bottom
 * partner in the score group), backtracking when the rest cannot be paired or `accept` refuses
 * the whole. A budget keeps a hopeless search from running long.
 */
function pairAll(
  players: readonly SwissPlayer[],
  met: ReadonlyMap<string, ReadonlySet<string>>,
  strict: boolean,
  accept?: (pairs: readonly [SwissPlayer, SwissPlayer][]) => boolean,
): [SwissPlayer, SwissPlayer][] | undefined {
  let budget = 200_000;
  const taken = new Array<boolean>(players.length).fill(false);
  const out: [SwissPlayer, SwissPlayer][] = [];
  const step = (): boolean => {
    const i = taken.indexOf(false);
    if (i < 0) return accept ? accept(out) : true;
    if (--budget < 0) return false;
    const p = players[i]!;
    taken[i] = true;
    // Where each unpaired player stands below p, and p's score group among them: the Dutch
    // partner is the one half the group further down.
    let groupSize = 0;
    for (let j = i; j < players.length; j++) if (!taken[j] && players[j]!.score === p.score) groupSize++;
    const ideal = Math.ceil(groupSize / 2);
    const candidates: { j: number; key: [number, number, number] }[] = [];
    let position = 0;
    for (let j = i + 1; j < players.length; j++) {
      if (taken[j]) continue;
      position++;
      const q = players[j]!;
      if (met.get(p.id)!.has(q.id) || (strict && absoluteClash(p, q))) continue;
      candidates.push({ j, key: [Math.abs(p.score - q.score), clash(p, q), Math.abs(position - ideal)] });
    }
    candidates.sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1] || x.key[2] - y.key[2]);
    for (const { j } of candidates) {
      taken[j] = true;
      out.push([p, players[j]!]);
      if (step()) return true;
      out.pop();
      taken[j] = false;
      if (budget < 0) break;
    }
    taken[i] = false;
    return false;
  };
  return step() ? out : undefined;
}

/** A game of the tournament as the standings count it. */
export interface PlayedGame {
  readonly round: number;
  readonly white: string;
  /** null: a bye for white (one point in a Swiss, nothing in a round robin). */
  readonly black: string | null;
  /** null while it is being played. */
  readonly result: '1-0' | '0-1' | '1/2-1/2' | null;
}

export interface Standing {
  readonly id: string;
  readonly rank: number;
  readonly points: number;
  /** Sonneborn-Berger (round robin) or Buchholz (Swiss). */
  readonly tiebreak: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly played: number;
}

/**
 * The standings: points, then Sonneborn-Berger (round robin: the points of the opponents beaten
 * plus half those of the opponents drawn) or Buchholz (Swiss: the opponents' points added up),
 * then wins. A bye in a Swiss is one point and no opponent; in a round robin it is nothing.
 * `players` in seed order; equal players share nothing but keep seed order, each with its own rank.
 */
export function standings(players: readonly string[], games: readonly PlayedGame[], format: 'round-robin' | 'swiss'): Standing[] {
  const points = new Map(players.map((p) => [p, 0]));
  const tally = new Map(players.map((p) => [p, { wins: 0, draws: 0, losses: 0, played: 0 }]));
  const scored: { player: string; opponent: string; score: number }[] = [];
  for (const g of games) {
    if (g.black === null) {
      if (format === 'swiss') points.set(g.white, (points.get(g.white) ?? 0) + 1);
      continue;
    }
    if (!g.result) continue;
    const whiteScore = g.result === '1-0' ? 1 : g.result === '0-1' ? 0 : 0.5;
    for (const [player, opponent, score] of [
      [g.white, g.black, whiteScore],
      [g.black, g.white, 1 - whiteScore],
    ] as const) {
      points.set(player, (points.get(player) ?? 0) + score);
      const t = tally.get(player);
      if (t) {
        t.played++;
        if (score === 1) t.wins++;
        else if (score === 0) t.losses++;
        else t.draws++;
      }
      scored.push({ player, opponent, score });
    }
  }
  const tiebreak = new Map(players.map((p) => [p, 0]));
  for (const s of scored) {
    const theirs = points.get(s.opponent) ?? 0;
    const add = format === 'swiss' ? theirs : theirs * s.score;
    tiebreak.set(s.player, (tiebreak.get(s.player) ?? 0) + add);
  }
  const rows = players.map((id, seed) => ({ id, seed, points: points.get(id)!, tiebreak: tiebreak.get(id)!, ...tally.get(id)! }));
  rows.sort((a, b) => b.points - a.points || b.tiebreak - a.tiebreak || b.wins - a.wins || a.seed - b.seed);
  return rows.map(({ seed: _seed, ...row }, i) => ({ ...row, rank: i + 1 }));
}
