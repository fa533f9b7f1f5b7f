// Screening aid: the platforms (pin, orientation, pieces) of each game of a match JSON at some plies.
import { readFileSync } from 'node:fs';
import { Game } from '../../src/engine/game.ts';
import { matchOpenings } from '../match/openings.ts';

const d = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const op = matchOpenings('first-contact', 40);
const height = (p: string) => ({ W: 0, N: 2, B: 4 })[p[0] as 'W']! + (p[3] === 'u' ? 1 : -1);
for (const p of d.results)
  for (const g of p.games) {
    const row: string[] = [];
    for (const ply of [0, 40, 80, 120]) {
      const gm = (Game.replay('first-contact', {}, [...op[p.index]!, ...g.moves.slice(0, ply)]) as { value: Game }).value;
      const plats = gm.positionText.split(' ')[1]!.split(',');
      row.push(`${ply}:` + plats.map((x) => `h${height(x)}[${x.slice(5).replace('/', '')}]`).join(','));
    }
    const l6 = g.firstWhite ? 'W' : 'B';
    console.log(p.index, l6, g.result === '1/2-1/2' ? 'D' : `L6win@${g.plies}`, row.join('  '));
  }
