import { readFileSync } from 'node:fs';
import { Game } from '../../src/engine/game.ts';
import { matchOpenings } from '../../bench/match/openings.ts';
const d = JSON.parse(readFileSync('/work/fc10/l6all-l5.json', 'utf8'));
const op = matchOpenings('first-contact', 40);
for (const p of d.results)
  for (const g of p.games) {
    if (g.result !== '1/2-1/2') continue;
    const row: string[] = [];
    for (const ply of [60, 100, 150, 200, 300]) {
      const gm = (Game.replay('first-contact', {}, [...op[p.index]!, ...g.moves.slice(0, ply)]) as any).value as Game;
      const l = gm.legalTexts();
      const v = gm.variant.view(gm.position) as any;
      const inHand = Object.values(v.hands.white)
        .concat(Object.values(v.hands.black))
        .reduce((a: number, b: any) => a + b, 0);
      row.push(`${ply}:${l.filter((t) => t.includes('x')).length}/${l.length}h${inHand}`);
    }
    console.log(p.index, g.firstWhite ? 'W' : 'B', row.join(' '));
  }
