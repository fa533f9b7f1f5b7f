// "How to read this board": a short key shown beside every board (game pages,
// rules pages), saying what each mark of the board picture (src/render/board-svg.ts) means.
import type { VariantName } from '../../engine/types.ts';

export const BoardHelp = (props: { variant: VariantName | string; open?: boolean; rulesLink?: boolean }) => {
  const v = props.variant;
  const planar = v === 'planar';
  return (
    <details class="board-help" open={props.open}>
      <summary>How to read this board</summary>
      <ul>
        {planar ? (
          <>
            <li>
              The cube's four levels are drawn side by side, <strong>A</strong> (lowest) to <strong>D</strong> (highest); each has files a–d and ranks 1–4
              written beside it. <code>Bb2</code> is straight above <code>Ab2</code>.
            </li>
            <li>
              A piece's <strong>plane</strong> is its badge: none = <strong>XY</strong> (its level), red <strong>XZ</strong> (its rank on every level), black{' '}
              <strong>YZ</strong> (its file on every level). It moves only inside that plane.
            </li>
          </>
        ) : (
          <>
            <li>
              Three 4x4 levels climb as a staircase: <strong>W</strong> (White's, lowest), <strong>N</strong> (Neutral), <strong>B</strong> (Black's, highest).
              Files a–d and ranks 1–4 are written beside each level.
            </li>
            <li>
              The blue 2x2 boards are <strong>platforms</strong>, drawn beside the level corner (pin) they hang from and named after it: <code>Wa1u ▲</code> is
              upright on pin <code>Wa1</code> (raised, with a shadow), <code>Wa1d ▼</code> inverted (lowered, dashed edge). Their cells are{' '}
              <code>a1 b1 a2 b2</code>, written small in each corner: <code>Wa1u:b2</code>.
            </li>
            <li>
              Dashed outlines with <code>△</code>/<code>▽</code> are <strong>vacant pins</strong>: the upper half is the upright place, the lower half the
              inverted one.
            </li>
            {v === 'warp-factor' ? <li>The dot before a platform's name is its owner's colour.</li> : null}
            {v === 'first-contact' ? <li>A padlock marks the platform that moved last: it may not move on the next turn.</li> : null}
            {v === 'curved-space' ? (
              <>
                <li>
                  <code>P1</code>, <code>P2</code> … are the platforms' numbers. The purple letters <strong>w x y z</strong> mark the worm-hole cells: each
                  level's centre and every platform cell.
                </li>
                <li>
                  The <strong>worm-hole</strong> is the purple line through those layers, numbered in its order (also written under the board, e.g.{' '}
                  <code>W P1 P2 N B P3 N P4</code>); a dashed line is a default link between levels.
                </li>
              </>
            ) : null}
          </>
        )}
        <li>
          The last turn is tinted yellow; a king in check is ringed red; green dots (rings on pieces) are where a chosen piece may go. Pieces in hand are listed
          beside the board.
        </li>
      </ul>
      {props.rulesLink ? (
        <p>
          <a href={`/rules/${v}`}>The rules of this game, with diagrams</a>
        </p>
      ) : null}
    </details>
  );
};
