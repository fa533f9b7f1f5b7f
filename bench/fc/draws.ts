// Screening aid: material (level 6's view) along the drawn games of a match JSON.
import { readFileSync } from 'node:fs';
import { Game } from '../../src/engine/game.ts';
import { material } from '../search-games.ts';
import { matchOpenings } from '../match/openings.ts';
const d = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const openings = matchOpenings('first-contact', 40);
for (const p of d.results)
  for (const g of p.games) {
    if (g.result !== '1/2-1/2') continue;
    const game = Game.replay('first-contact', {}, openings[p.index]!);
    if (!game.ok) throw new Error();
    const gm = game.value;
    const sign = g.firstWhite ? 1 : -1;
    const out: string[] = [];
    let lastCap = 0;
    for (let i = 0; i < g.moves.length; i++) {
      if (g.moves[i].includes('x')) lastCap = i + 1;
      const r = gm.play(g.moves[i]);
      if (!r.ok) throw new Error(r.error.message);
      if ((i + 1) % 50 === 0) out.push(`${i + 1}:${sign * material(gm)}`);
    }
    console.log(p.index, g.firstWhite ? 'L6=W' : 'L6=B', 'lastCap', lastCap, out.join(' '));
  }
