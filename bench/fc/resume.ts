// Exact resumption of a level 6 vs level 5 match from a ply: the searches are deterministic (nodes,
// not time) and seeded as the match runner seeds them (7000 + 131 * opening index + ply), so an engine
// that plays the plain level before ply P (tuning option `after=P`) plays the base match's games up
// to ply P. This replays each game of a base match JSON (argv[2]) that lasted past ply P (argv[4]) to
// ply P and plays it on with the candidate (argv[3], e.g. "level=6,after=120,bridge=80") against
// level 5 as the runner does; games that ended by ply P keep their base result. Writes a JSON
// (argv[5]) of all pairs after every game (--shard k/n plays every n-th game from the k-th), and
// prints the pentanomial Elo (bench/match/stats.ts) when it has every game.
// `npx tsx bench/fc/resume.ts BASE OPTIONS PLY OUT [k/n] [--verify]`; --verify first checks that the
// plain level chooses the base game's turn at plies P-2 and P-1 (that the engine is still the base's).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Game } from '../../src/engine/game.ts';
import { chooseMoveInGame, converting, playsPlain } from '../../src/engine/search/tuning.ts';
import { matchOpenings } from '../match/openings.ts';
import { parseEngine } from '../match/cli.ts';
import { pentanomialElo } from '../match/stats.ts';
import { finalResult, material } from '../search-games.ts';

const args = process.argv.slice(2);
const verify = args.includes('--verify');
const planOnly = args.includes('--plan');
// --on-convert: the base played the candidate's options but `lead`/`progress` (a base of `bridge=80`, a candidate of
// `bridge=80,lead=200,convertAt=200`): the games leave the base where `convertAt` is first reached.
const onConvert = args.includes('--on-convert');
const [baseFile, optionText, plyText, outFile, shardText] = args.filter((a) => !a.startsWith('--'));
const from = Number(plyText);
const [shard, shards] = (shardText ?? '0/1').split('/').map(Number) as [number, number];
const candidate = parseEngine(optionText!, 'candidate').options;
if (candidate.after !== undefined && candidate.after !== from) throw new Error(`after=${candidate.after} and ply ${from} differ`);
const base = JSON.parse(readFileSync(baseFile!, 'utf8'));
const openings = matchOpenings('first-contact', 40);
interface Played {
  index: number;
  firstWhite: boolean;
  result: string;
  reason: string;
  plies: number;
  firstScore: number;
  moves: string[];
  replayed: boolean;
}
// Each shard writes OUT.k/n; all shards' files are read back (a stopped run resumes where it was).
const shardFile = (i: number) => `${outFile}.${i}-${shards}`;
const readAll = (): Record<string, Played> => {
  const all: Record<string, Played> = {};
  for (let i = 0; i < shards; i++) if (existsSync(shardFile(i))) Object.assign(all, JSON.parse(readFileSync(shardFile(i), 'utf8')).games);
  return all;
};
const mine: Record<string, Played> = existsSync(shardFile(shard)) ? JSON.parse(readFileSync(shardFile(shard), 'utf8')).games : {};
const save = () => writeFileSync(shardFile(shard), JSON.stringify({ base: baseFile, candidate: optionText, from, games: mine }, null, 1));
const out = readAll();

// The base's draws first (where a gain is), then its other games; shard k/n plays every n-th of them.
// A game is played on from the first ply (from ply P on) at which the candidate, to move, would not play
// the plain level (tuning.ts's playsPlain: `after`, `cutTurns`); before it, it plays the base's turns.
const jobs: { pair: { index: number }; g: Played; start: number }[] = [];
for (const pair of base.results)
  for (const g of pair.games) {
    const key = `${pair.index}${g.firstWhite ? 'W' : 'B'}`;
    const walk = Game.replay('first-contact', {}, openings[pair.index]!);
    if (!walk.ok) throw new Error(walk.error.message);
    const firstColor = g.firstWhite ? 'white' : 'black';
    let start = -1;
    for (let i = 0; i <= g.moves.length && walk.value.ply < g.plies; i++) {
      const at = walk.value;
      const leaves = onConvert
        ? converting(at, candidate.convertAt as number, candidate.stillPlies as number | undefined)
        : !playsPlain(at, candidate as never);
      if (at.ply >= from && at.variant.turn(at.position) === firstColor && leaves) {
        start = at.ply;
        break;
      }
      if (i < g.moves.length) at.play(g.moves[i]!);
    }
    if (start < 0) {
      if (shard === 0) out[key] = mine[key] = { index: pair.index, ...g, replayed: false };
    } else jobs.push({ pair, g, start });
  }
console.log(`to play on: ${jobs.map((j) => `${j.pair.index}${j.g.firstWhite ? 'W' : 'B'}@${j.start}`).join(' ')}`);
if (planOnly) process.exit(0);
jobs.sort((a, b) => Number(b.g.firstScore === 0.5) - Number(a.g.firstScore === 0.5));
for (let k = 0; k < jobs.length; k++) {
  const { pair, g, start } = jobs[k]!;
  const key = `${pair.index}${g.firstWhite ? 'W' : 'B'}`;
  if (k % shards !== shard || out[key]) continue;
  const seed = 7_000 + pair.index * 131;
  // Plies count from the game's start, the opening's too (as the runner's and `after`'s do).
  const opening = openings[pair.index]!.length;
  const made = Game.replay('first-contact', {}, [...openings[pair.index]!, ...g.moves.slice(0, start - opening)]);
  if (!made.ok) throw new Error(made.error.message);
  const game = made.value;
  const firstColor = g.firstWhite ? 'white' : 'black';
  if (verify) {
    const back = Game.replay('first-contact', {}, [...openings[pair.index]!, ...g.moves.slice(0, start - opening - 2)]);
    if (!back.ok) throw new Error(back.error.message);
    for (let i = 0; i < 2; i++) {
      const mine = back.value.variant.turn(back.value.position) === firstColor;
      const c = chooseMoveInGame(back.value, { ...(mine ? candidate : { level: 5 }), seed: seed + back.value.ply } as never);
      const want = g.moves[back.value.ply - opening]!;
      if (c?.text !== want) throw new Error(`${key} ply ${back.value.ply}: chose ${c?.text}, the base played ${want}`);
      back.value.play(want);
    }
  }
  const moves = g.moves.slice(0, start - opening);
  const t0 = Date.now();
  while (!game.outcome() && game.ply < base.rules.maxPlies) {
    const mine = game.variant.turn(game.position) === firstColor;
    const choice = chooseMoveInGame(game, { ...(mine ? candidate : { level: 5 }), seed: seed + game.ply } as never);
    if (!choice) throw new Error(`${key}: no turn`);
    const r = game.play(choice.text);
    if (!r.ok) throw new Error(r.error.message);
    moves.push(choice.text);
  }
  // Counted as the runner counts it (bench/match/play.ts).
  const { result, reason } = finalResult(game);
  const firstScore = result === '1/2-1/2' ? 0.5 : (result === '1-0') === g.firstWhite ? 1 : 0;
  out[key] = mine[key] = { index: pair.index, firstWhite: g.firstWhite, result, reason, plies: game.ply, firstScore, moves, replayed: true, start } as Played;
  save();
  console.log(
    `${key}: ${firstScore} (base ${g.firstScore}, ${reason} ply ${game.ply}, material ${(g.firstWhite ? 1 : -1) * material(game)}, ${Math.round((Date.now() - t0) / 1000)} s)`,
  );
}
save();
Object.assign(out, readAll());
const keys = Object.keys(out);
console.log(`${keys.length} of ${base.games} games`);
if (keys.length === base.games) {
  const penta = [0, 0, 0, 0, 0] as [number, number, number, number, number];
  for (const pair of base.results) penta[Math.round(2 * (out[`${pair.index}W`]!.firstScore + out[`${pair.index}B`]!.firstScore))]!++;
  const wdl = [0, 0, 0];
  for (const g of Object.values(out)) wdl[g.firstScore === 1 ? 0 : g.firstScore === 0.5 ? 1 : 2]!++;
  const elo = pentanomialElo(penta);
  console.log(
    `${optionText} from ply ${from}: +${wdl[0]} =${wdl[1]} -${wdl[2]}, pentanomial [${penta}], Elo ${elo.elo.toFixed(0)} [${elo.low.toFixed(0)}, ${elo.high.toFixed(0)}]`,
  );
}
