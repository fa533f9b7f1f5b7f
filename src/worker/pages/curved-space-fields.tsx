// Curved Space's game options as a form's fields (the offer form, the tournament form): sent for any
// variant, used for Curved Space only (forms.ts curvedSpaceFields reads them).

/** `typed`: what a refused form sent, shown again (default: 4 fixed platforms). */
export const CurvedSpaceFields = (p: {
  typed?: { platforms?: string | undefined; platformMoves?: string | undefined } | undefined;
  focus?: string | undefined;
}) => (
  <fieldset class="offer-options">
    <legend>Curved Space only</legend>
    <label>
      Number of platforms{' '}
      <select name="platforms" autofocus={p.focus === 'platforms' || undefined}>
        {Array.from({ length: 12 }, (_, i) => String(i + 1)).map((n) => (
          <option value={n} selected={(p.typed?.platforms ?? '4') === n}>
            {n}
          </option>
        ))}
      </select>
    </label>{' '}
    <label>
      Platform moves{' '}
      <select name="platformMoves" autofocus={p.focus === 'platformMoves' || undefined}>
        <option value="fixed">fixed</option>
        <option value="after-capture" selected={p.typed?.platformMoves === 'after-capture'}>
          after a capture
        </option>
      </select>
    </label>
  </fieldset>
);
