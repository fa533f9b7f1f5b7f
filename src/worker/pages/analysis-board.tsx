// A player's analysis board on the game page, outside the live region (a live update never
// wipes a line being tried): try turns from any position of the game (legal turns only, never an
// evaluation, nothing sent), keep lines as named variations with a note per turn, for this seat
// only. The saved variations are in the HTML; the board itself is the script's
// (src/browser/analysis-board.ts, through GET …/explore and PUT …/notes).
import type { Variation } from '../../service/notes-schemas.ts';
import { MAX_NOTE_CHARS, MAX_VARIATION_NAME } from '../../service/notes-schemas.ts';

// On a phone the analysis board is as wide as the game's (edge to edge): its cells are click targets, 24 px or more at 360 px.
export const ANALYSIS_BOARD_CSS = `
.analysis-board{background:var(--card);border:1px solid var(--border);border-radius:6px;padding:.4rem .7rem;margin:1rem 0}
.analysis-board h2{margin:.2rem 0 .4rem;font-size:1.1rem}
.analysis-board h3{font-size:1rem;margin:.6rem 0 .3rem}
#ab-board svg{max-width:100%;height:auto}
#ab-board{margin:.4rem 0;background:#fbfaf7;color:#1d1d1f;border:1px solid var(--border);border-radius:6px;padding:.3rem}
#ab-line li{margin:.2rem 0}
#ab-line input{max-width:18rem}
#ab-saved li{margin:.3rem 0}
@media (max-width:600px){.analysis-board{margin:1rem -.6rem;border-radius:0;padding:.4rem .6rem}#ab-board{margin:.4rem -.6rem;padding:0;border-radius:0;border-width:1px 0}}
`;

export const variationText = (v: Variation) => v.turns.map((t) => t.move).join(' ');

export const AnalysisBoard = (p: { ply: number; active: boolean; variations: readonly Variation[] }) => (
  <section id="analysis-board" class="analysis-board" aria-labelledby="ab-h" data-ply={String(p.ply)}>
    <h2 id="ab-h">Analysis board</h2>
    <p class="small">
      Try turns from any position of this game on a board of your own: legal turns only, {p.active ? 'no evaluations during the game, ' : ''}nothing is sent to
      your opponent. Keep a line as a named variation with a note on any turn: only you see them, here and through <code>GET …/notes</code>.
    </p>
    <h3 id="ab-saved-h">Your variations</h3>
    <ul id="ab-saved" aria-labelledby="ab-saved-h">
      {p.variations.length ? (
        p.variations.map((v, i) => (
          <li data-index={String(i)}>
            <strong>{v.name}</strong> <span class="small">(after ply {v.from})</span>: <code>{variationText(v) || '(no turns)'}</code>
            {v.turns.some((t) => t.note) ? (
              <ul class="small">
                {v.turns.map((t, j) =>
                  t.note ? (
                    <li>
                      ply {v.from + j + 1} {t.move}: {t.note}
                    </li>
                  ) : null,
                )}
              </ul>
            ) : null}{' '}
            <button type="button" class="secondary" data-ab-open={String(i)} hidden>
              Open
            </button>{' '}
            <button type="button" class="secondary" data-ab-delete={String(i)} hidden>
              Delete
            </button>
          </li>
        ))
      ) : (
        <li class="small">None yet.</li>
      )}
    </ul>
    <noscript>
      <p class="small">The board needs JavaScript; your variations can also be kept through the API (GET/PUT /api/games/…/notes).</p>
    </noscript>
    <div id="ab-work" hidden>
      <div class="row">
        <label for="ab-from">Start after ply</label>
        <input type="number" id="ab-from" min="0" max={String(p.ply)} value={String(p.ply)} />
        <button type="button" class="secondary" id="ab-start">
          Start here
        </button>
      </div>
      <p class="small" id="ab-how">
        Click a piece, a piece in hand or a platform of the side to move, then where it goes (or Tab to the board, arrow keys and Enter); or pick from the list
        of legal turns.
      </p>
      <figure id="ab-board" aria-label="Analysis board" aria-describedby="ab-how"></figure>
      <div id="ab-chooser" class="chooser row" hidden></div>
      <ol id="ab-line" aria-label="Your line"></ol>
      <div class="row">
        <label for="ab-legal">Legal turns</label>
        <select id="ab-legal"></select>
        <button type="button" id="ab-play">
          Play on this board
        </button>
        <button type="button" class="secondary" id="ab-back">
          Take back
        </button>
      </div>
      <div class="row">
        <label for="ab-name">Variation name</label>
        <input type="text" id="ab-name" maxlength={MAX_VARIATION_NAME} autocomplete="off" />
        <button type="button" id="ab-save" data-note-max={String(MAX_NOTE_CHARS)}>
          Save variation
        </button>
      </div>
      <p id="ab-status" class="small" role="status"></p>
    </div>
  </section>
);
