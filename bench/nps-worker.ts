// The nps bench inside workerd (`npm run bench:nps -- --workerd`, bench/nps-workerd.ts): the
// same searches as in Node, one pass of a variant's positions per request. Timing is done
// outside (workerd's clocks stand still while a request computes).
import type { Game } from '../src/engine/game.ts';
import { chooseMoveInGame } from '../src/engine/search/index.ts';
import type { VariantName } from '../src/engine/types.ts';
import { variantNames } from '../src/engine/variants/index.ts';
import { npsGames } from './engine.ts';

const games = new Map<string, Game[]>();

export default {
  fetch(request: Request): Response {
    const url = new URL(request.url);
    const variant = url.searchParams.get('variant') as VariantName;
    const nodes = Number(url.searchParams.get('nodes'));
    if (!variantNames().includes(variant) || !(nodes > 0)) return Response.json({ error: 'variant and nodes, please' }, { status: 400 });
    const list = games.get(variant) ?? npsGames(variant);
    games.set(variant, list);
    let searched = 0;
    for (const game of list) searched += chooseMoveInGame(game, { level: 5, nodes })?.nodes ?? 0;
    return Response.json({ nodes: searched });
  },
};
