// "Plan replies": the player's conditional moves on the game page, while the opponent is to
// move. One line a row (`Bb3-Bb2 Wc2-Wc3 ...` or `if Bb3-Bb2 then Wc2-Wc3`); Preview shows the
// board after the last row with its legal turns, one of which can be played on to the row (a line
// is entered by playing it on the preview board); Store replaces the stored lines. Plain forms:
// no JavaScript needed.
import { raw } from 'hono/html';
import { colorName, type Color } from '../../engine/types.ts';
import type { ConditionalLines } from '../../service/conditional.ts';
import { MAX_CONDITIONAL_LINES, MAX_CONDITIONAL_TURNS } from '../../service/schemas.ts';
import { conditionalText } from '../text/commands.ts';
import { MAX_PLAN_CHARS } from '../forms.ts';

export interface PlanRepliesProps {
  readonly id: string;
  /** Absent for a signed-in player: the form then acts with the key in the /me cookie. */
  readonly token?: string | undefined;
  readonly conditional: ConditionalLines;
  /** A line that fits this game (their turn, your answer), for the hint; none when there is no such line. */
  readonly example?: readonly string[];
  /** The lines being written (after Preview), else the stored ones. */
  readonly plan?: string;
  /** The board after the last row of `plan` and the legal turns there, or why it cannot be played. */
  readonly preview?:
    | { readonly svg: string; readonly line: readonly string[]; readonly sideToMove: Color; readonly legal: readonly string[] }
    | { readonly error: string };
}

export const PlanReplies = (p: PlanRepliesProps) => {
  const stored = p.conditional.lines;
  const text = p.plan ?? stored.map((l) => l.join(' ')).join('\n');
  return (
    <section class="plan-replies" id="plan-replies" aria-labelledby="plan-h">
      <h2 id="plan-h">Plan replies</h2>
      <p class="small">
        Conditional moves: while your opponent is to move, write what you answer to their turn, one line a row: their turn, your answer, their next turn, your
        answer… (up to {MAX_CONDITIONAL_LINES} lines of {MAX_CONDITIONAL_TURNS} turns). If they play the first turn of a line, your answer is played at once.
        Only you see them.
      </p>
      {stored.length ? (
        <ol class="small" id="plan-stored">
          {stored.map((l) => (
            <li>
              <code>{conditionalText(l)}</code>
            </li>
          ))}
        </ol>
      ) : (
        <p class="small" id="plan-stored">
          No replies planned.
        </p>
      )}
      <form method="post" action={`/games/${p.id}/conditional`} id="plan-form">
        {/* The game as this page shows it: lines stored from it once the game has moved on are refused. */}
        <input type="hidden" name="ply" value={String(p.conditional.ply)} />
        {p.preview ? (
          'error' in p.preview ? (
            <p class="msg error" id="plan-preview" role="alert">
              The last line cannot be played: {p.preview.error}
            </p>
          ) : (
            <>
              <figure class="board preview" id="plan-preview">
                {raw(p.preview.svg)}
                <figcaption>{p.preview.line.length ? `After ${conditionalText(p.preview.line)}` : 'The game as it stands'}</figcaption>
              </figure>
              {p.preview.legal.length ? (
                <div class="row">
                  <label for="plan-next">
                    {p.preview.line.length % 2 ? 'Your answer' : "Your opponent's turn"} ({colorName(p.preview.sideToMove)})
                  </label>
                  <select id="plan-next" name="next">
                    {p.preview.legal.map((t) => (
                      <option value={t}>{t}</option>
                    ))}
                  </select>
                  <button type="submit" name="do" value="play" class="secondary" id="plan-play">
                    Play it on the preview board
                  </button>
                </div>
              ) : null}
            </>
          )
        ) : null}
        <input type="hidden" name="token" value={p.token} />
        <label for="plan-lines">Your lines {p.example?.length ? <span class="hint">(for example: {p.example.join(' ')})</span> : null}</label>
        <textarea id="plan-lines" name="lines" rows={4} maxlength={MAX_PLAN_CHARS} spellcheck={false}>
          {text}
        </textarea>
        <div class="row">
          <button type="submit" name="do" value="store" id="plan-store">
            Store the lines
          </button>
          <button type="submit" name="do" value="preview" class="secondary" id="plan-preview-btn">
            Preview the last line
          </button>
          <button type="submit" name="do" value="new" class="secondary" id="plan-new">
            Start a line on the preview board
          </button>
          {stored.length ? (
            <button type="submit" name="do" value="clear" class="secondary" id="plan-clear">
              Clear them
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
};
