// The player's turn on the game page: the move form (typed or picked on the board, with a message)
// and its preview without JavaScript, and the practice games' Hint, which fills the move box.
import { raw } from 'hono/html';
import { colorName } from '../../engine/types.ts';
import { outcomeWords } from '../../service/outcome-words.ts';
import type { Preview } from '../../service/preview.ts';
import { MAX_MESSAGE_CHARS } from '../../service/schemas.ts';
import { turnExamples } from '../text/commands.ts';
import { againstComputer, type GamePageProps } from './game-page-props.ts';
import { ErrorLine } from './layout.tsx';

/** `turnError`: why the turn in the box was not played (a form sent without JavaScript), said beside it. */
export const MoveForm = (p: GamePageProps & { yourTurn: boolean; turnError?: string }) => {
  const s = p.state;
  const preview = p.preview;
  const value = p.moveText ?? preview?.move ?? '';
  const example = p.yourTurn ? turnExamples(s)[0]?.text : undefined;
  // The computer's level when it is to move in a game still going.
  const thinking = s.status === 'active' ? s.players[s.sideToMove].computer : undefined;
  return (
    <form method="post" action={`/games/${s.id}/move`} id="move-form" class="move-form">
      {/* A signed-in player's key stays in its cookie: no token field, and none in a Preview or Hint address. */}
      {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
      <input type="hidden" name="ply" value={String(s.ply + 1)} />
      <input type="hidden" name="position" value={s.position} />
      {/* Carried by Preview (a GET of the page): the page takes back only what its own forms typed. */}
      {p.typingTag ? <input type="hidden" name="typed" value={p.typingTag} /> : null}
      {/* Preview and Hint come back with the board turned as it was. */}
      {p.from !== (s.you ?? 'white') ? <input type="hidden" name="from" value={p.from} /> : null}
      <label for="move">Your move {example ? <span class="hint">(e.g. {example})</span> : null}</label>
      <input
        type="text"
        id="move"
        name="move"
        class="move"
        value={value}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        maxlength={200}
        aria-describedby="move-help"
        disabled={!p.yourTurn}
      />
      <p id="move-help" class="small">
        {p.yourTurn ? (
          'Type a turn, or pick it on the board. Preview shows the position it leads to before you send it.'
        ) : thinking !== undefined ? (
          // The computer answers in seconds, not days: said so (tester 19 Z3).
          <>
            The computer (level {thinking}) is thinking.<span class="js-only"> Its reply appears here by itself.</span>
            <span class="no-js"> Reload the page in a few seconds to see its reply.</span>
          </>
        ) : (
          <>
            Waiting for {colorName(s.sideToMove)}.<span class="js-only"> This page updates by itself.</span>
            <span class="no-js"> Reload the page to see their turn.</span>
          </>
        )}
      </p>
      {againstComputer(s) ? null : (
        <>
          <label for="move-message">
            Message with your move <span class="hint">(optional, up to {MAX_MESSAGE_CHARS} characters)</span>
          </label>
          <textarea id="move-message" name="message" rows={2} maxlength={MAX_MESSAGE_CHARS} disabled={!p.yourTurn}>
            {p.moveMessage ?? ''}
          </textarea>
        </>
      )}
      <div id="chooser" class="chooser row" hidden></div>
      <div class="row">
        <button
          type="submit"
          name="do"
          value="preview"
          formmethod="get"
          formaction={`/games/${s.id}`}
          class="secondary"
          id="preview-btn"
          disabled={!p.yourTurn}
        >
          Preview
        </button>
        <button type="submit" name="do" value="send" id="send-btn" disabled={!p.yourTurn}>
          Send move
        </button>
        <button type="button" class="secondary" id="clear-btn" hidden>
          Clear
        </button>
      </div>
      {/* No live region: the script says a preview once through #announce (the picture is not read
          out), and an error here is an alert of its own. */}
      <div id="preview" class="preview" hidden={!preview && !p.turnError}>
        <ErrorLine error={p.turnError} />
        {preview ? <PreviewBlock {...preview} /> : null}
      </div>
    </form>
  );
};

/**
 * Practice games (against the computer, or both players chose hints): the engine's suggestion.
 * A button of the move form's (a GET of the page, as Preview is), so without the script the page
 * comes back with the suggested turn in the move box, previewed, and the message typed kept
 * (tester 16 R2); the script asks /hint instead.
 */
export const HintForm = (p: GamePageProps & { yourTurn: boolean }) => (
  <div id="hint-form" class="row">
    <button
      type="submit"
      form="move-form"
      name="do"
      value="hint"
      formmethod="get"
      formaction={`/games/${p.state.id}`}
      class="secondary"
      id="hint-btn"
      disabled={!p.yourTurn}
    >
      Hint
    </button>
    <span id="hint" class="small" role="status">
      {p.hint === undefined ? (
        'A practice game: ask the computer for a turn (it goes into the box; nothing is sent).'
      ) : 'move' in p.hint ? (
        <>
          The computer suggests <code data-hint={p.hint.move}>{p.hint.move}</code>: it is in the move box above, previewed. Press Send move to play it.
        </>
      ) : (
        <strong>No hint: {p.hint.error}</strong>
      )}
    </span>
  </div>
);

const PreviewBlock = (props: { move: string; result: Preview | { ok: false; error: string } }) => {
  const r = props.result;
  if (!r.ok)
    return (
      <p class="msg error" role="alert">
        {aboutMove(props.move, r.error)}
      </p>
    );
  return (
    <>
      <p>
        Preview of <code>{r.canonical}</code> (ply {r.ply}): {colorName(r.state.sideToMove)} would be to move
        {r.state.check ? ', in check' : ''}
        {r.state.outcome ? ` — the game would end: ${outcomeWords(r.state.outcome)}` : ''}. Not sent yet.
      </p>
      {raw(r.svg)}
    </>
  );
};

/** "<move>: <why>", unless the reason already starts with the move. */
export const aboutMove = (move: string, error: string) => (error.toLowerCase().startsWith(`${move.toLowerCase()}:`) ? error : `${move}: ${error}`);
