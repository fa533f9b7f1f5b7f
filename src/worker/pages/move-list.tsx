// The game's turns as a numbered list; each turn links to the board after it (replay without JavaScript).
import type { PublicMove } from '../../service/public-state.ts';

export const MoveList = (p: { moves: readonly PublicMove[]; link: (ply: number) => string }) => {
  if (!p.moves.length)
    return (
      <div class="moves" id="moves">
        <p>No moves yet.</p>
      </div>
    );
  const rows: { n: number; white?: PublicMove; black?: PublicMove }[] = [];
  for (const m of p.moves) {
    const n = Math.ceil(m.ply / 2);
    if (m.side === 'white' || !rows.length || rows[rows.length - 1]!.n !== n) rows.push({ n, [m.side]: m });
    else rows[rows.length - 1]!.black = m;
  }
  const link = (m: PublicMove) => (
    <a href={p.link(m.ply)} data-ply={String(m.ply)} aria-label={`${m.text}: the board after ply ${m.ply}`}>
      {m.text}
    </a>
  );
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
