// Screening aid: whether a path leads from level 6's own level to the enemy king (first-contact-break.ts's bridged), by ply.
import { readFileSync } from 'node:fs';
import { Game } from '../../src/engine/game.ts';
import { bridged } from '../../src/engine/search/first-contact-break.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { matchOpenings } from '../match/openings.ts';

const d = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const op = matchOpenings('first-contact', 40);
for (const p of d.results)
  for (const g of p.games) {
    const l6 = g.firstWhite ? 'white' : 'black';
    const row: string[] = [];
    for (const ply of [0, 10, 20, 30, 40, 60, 80, 120, 200]) {
      if (ply > g.moves.length) break;
      const gm = (Game.replay('first-contact', {}, [...op[p.index]!, ...g.moves.slice(0, ply)]) as { value: Game }).value;
      const pos = gm.position as St3dPosition;
      row.push(`${ply}:${bridged(pos, l6) ? 'Y' : '-'}${bridged(pos, l6 === 'white' ? 'black' : 'white') ? 'y' : '-'}`);
    }
    console.log(p.index, l6[0], g.result === '1/2-1/2' ? 'D   ' : `W${g.plies}`, row.join(' '));
  }
