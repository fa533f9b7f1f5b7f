// Screening: level 6 (options from argv[3], e.g. "level=6,nodes=250000,trade=20") plays on from
// ply argv[4] of level 6's drawn games in a match JSON (argv[2]) against level 5, to the 400-ply cap.
// `npx tsx bench/fc/screen.ts FILE OPTIONS PLY [MAX_GAMES]`; prints each game's result for level 6.
import { readFileSync } from 'node:fs';
import { Game } from '../../src/engine/game.ts';
import { bridged } from '../../src/engine/search/first-contact-break.ts';
import { chooseMoveInGame } from '../../src/engine/search/tuning.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { matchOpenings } from '../match/openings.ts';
import { ADJUDICATE_MARGIN, material } from '../search-games.ts';

const [file, optionText, plyText, maxText] = process.argv.slice(2);
const options: Record<string, number> = {};
for (const part of optionText!.split(',')) {
  const [k, v] = part.split('=');
  options[k!] = Number(v);
}
const from = Number(plyText);
const d = JSON.parse(readFileSync(file!, 'utf8'));
const openings = matchOpenings('first-contact', 40);
let points = 0;
let n = 0;
for (const p of d.results)
  for (const g of p.games) {
    if (g.result !== '1/2-1/2' || n >= Number(maxText ?? 99)) continue;
    n++;
    const made = Game.replay('first-contact', {}, [...openings[p.index]!, ...g.moves.slice(0, from)]);
    if (!made.ok) throw new Error(made.error.message);
    const game = made.value;
    const l6 = g.firstWhite ? 'white' : 'black';
    let caps = 0;
    let joined = '';
    const t0 = Date.now();
    while (!game.outcome() && game.ply < 400) {
      const mine = game.variant.turn(game.position) === l6;
      const choice = chooseMoveInGame(game, { ...(mine ? options : { level: 5 }), seed: 1 + game.ply } as never);
      if (!choice) throw new Error('no turn');
      if (choice.text.includes('x')) caps++;
      if ((game.ply - 6) % 40 === 0) joined += bridged(game.position as St3dPosition, l6) ? 'Y' : '-';
      const r = game.play(choice.text);
      if (!r.ok) throw new Error(r.error.message);
    }
    const outcome = game.outcome();
    const bal = (l6 === 'white' ? 1 : -1) * material(game);
    let score: number;
    if (outcome && outcome.result !== '*') score = outcome.result === '1/2-1/2' ? 0.5 : (outcome.result === '1-0') === (l6 === 'white') ? 1 : 0;
    else score = bal >= ADJUDICATE_MARGIN ? 1 : bal <= -ADJUDICATE_MARGIN ? 0 : 0.5;
    points += score;
    console.log(
      `${optionText} pair ${p.index} ${l6}: ${score} (${outcome?.reason ?? 'cap'} ply ${game.ply}, material ${bal}, captures ${caps}, bridged every 40 plies ${joined}, ${Math.round((Date.now() - t0) / 1000)} s)`,
    );
  }
console.log(`${optionText}: ${points}/${n}`);
