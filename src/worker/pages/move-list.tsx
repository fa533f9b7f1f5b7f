// The game's turns as a numbered list; each turn links to the board after it (replay without JavaScript).
import { moveNumber } from '../../engine/types.ts';
import type { PublicMove } from '../../service/public-state.ts';

/** A turn as the list numbers it: "3. Wc2-Wc3" for White, "3… Bc3-Bc2" for Black. */
export const turnLabel = (m: Pick<PublicMove, 'ply' | 'side' | 'text'>) => `${moveNumber(m.ply, m.side)}${m.side === 'white' ? '.' : '…'} ${m.text}`;

/** Where in the game something happened, by the turn before it: "after 3. Wc2-Wc3"; a turn no longer in the game (taken back) by its ply. */
export const afterTurn = (ply: number, moves: readonly PublicMove[]) => {
  if (ply === 0) return 'before the first turn';
  const m = moves.find((t) => t.ply === ply);
  return m ? `after ${turnLabel(m)}` : `after ply ${ply}`;
};

const GLYPH = { inaccuracy: '?!', mistake: '?', blunder: '??' } as const;
type Mark = keyof typeof GLYPH;

/** `marks`: the computer's judgement of turns, by ply (after the game's analysis), shown as ?! ? ??. */
export const MoveList = (p: { moves: readonly PublicMove[]; link: (ply: number) => string; marks?: ReadonlyMap<number, Mark> }) => {
  if (!p.moves.length)
    return (
      <div class="moves" id="moves">
        <p>No moves yet.</p>
      </div>
    );
  const rows: { n: number; white?: PublicMove; black?: PublicMove }[] = [];
  for (const m of p.moves) {
    const n = moveNumber(m.ply, m.side);
    if (m.side === 'white' || !rows.length || rows[rows.length - 1]!.n !== n) rows.push({ n, [m.side]: m });
    else rows[rows.length - 1]!.black = m;
  }
  const link = (m: PublicMove) => {
    const mark = p.marks?.get(m.ply);
    return (
      <a href={p.link(m.ply)} data-ply={String(m.ply)} aria-label={`${m.text}${mark ? ` (${mark})` : ''}: the board after ply ${m.ply}`}>
        {m.text}
        {mark ? <span class={`glyph ${mark}`}>{GLYPH[mark]}</span> : null}
      </a>
    );
  };
  return (
    <div class="moves" id="moves" tabindex={0} aria-labelledby="moves-h">
      <ol>
        {rows.map((r) => (
          <li value={r.n}>
            {r.white ? link(r.white) : '…'} {r.black ? link(r.black) : null}
          </li>
        ))}
      </ol>
    </div>
  );
};
