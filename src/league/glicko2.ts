// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a player's rating, rating
// deviation (RD) and volatility after one rating period. Pure: no storage, no clock.

/** The Glicko-2 scale factor between the Glicko scale (1500 +- RD) and the internal one. */
const SCALE = 173.7178;
/** Where every player starts, and the most uncertain a rating gets. */
export const START = { rating: 1500, rd: 350, volatility: 0.06 } as const;
/** The system constant (how fast volatility may change). */
export const TAU = 0.5;
/** A rating with an RD above this is provisional ("?"), and off the leaderboard. */
export const PROVISIONAL_RD = 110;

export interface Rating {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
}

/** One game of the period: the opponent's rating and RD, and the score (1 win, 0.5 draw, 0 loss). */
export interface Result {
  readonly opponent: Pick<Rating, 'rating' | 'rd'>;
  readonly score: number;
}

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muj: number, phij: number) => 1 / (1 + Math.exp(-g(phij) * (mu - muj)));

/** The new volatility (step 5 of the paper: the Illinois algorithm). */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > 1e-6; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The rating after one rating period with these games (none: only the RD grows, as for an idle period). */
export function ratePeriod(player: Rating, results: readonly Result[], tau = TAU): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (!results.length) return { ...player, rd: Math.min(START.rd, Math.sqrt(phi * phi + sigma * sigma) * SCALE) };
  let vInverse = 0;
  let sum = 0;
  for (const r of results) {
    const muj = (r.opponent.rating - 1500) / SCALE;
    const phij = r.opponent.rd / SCALE;
    const e = expected(mu, muj, phij);
    vInverse += g(phij) ** 2 * e * (1 - e);
    sum += g(phij) * (r.score - e);
  }
  const v = 1 / vInverse;
  const sigmaNew = newVolatility(phi, sigma, v, v * sum, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, rd: Math.min(START.rd, phiNew * SCALE), volatility: sigmaNew };
}

/** The rating after `periods` rating periods without games: the RD grows by the Glicko-2 step each time (at most to 350). */
export function idle(player: Rating, periods: number): Rating {
  if (periods <= 0) return player;
  const phi = player.rd / SCALE;
  const rd = Math.sqrt(phi * phi + periods * player.volatility * player.volatility) * SCALE;
  return { ...player, rd: Math.min(START.rd, rd) };
}

export const isProvisional = (rating: Pick<Rating, 'rd'>) => rating.rd > PROVISIONAL_RD;
