// The form that offers a game (POST /challenges, as CreateChallengeSchema takes it): on /me to
// anyone or to a player id typed in, on a player's profile to that player (its Challenge button).
import { VARIANTS } from '../../engine/types.ts';
import type { PublicPlayer } from '../../service/players.ts';
import { DAYS_PER_MOVE, MAX_LEAVE_DAYS } from '../../service/schemas.ts';
import { nameOf } from './rating-badge.tsx';

export const OfferGameForm = (p: { id: string; to?: PublicPlayer }) => (
  <form method="post" action="/challenges" id={p.id} data-once>
    {p.to ? <input type="hidden" name="to" value={p.to.id} /> : null}
    <label>
      Variant{' '}
      <select name="variant">
        {VARIANTS.map((v) => (
          <option value={v.id}>{v.title}</option>
        ))}
      </select>
    </label>{' '}
    <label>
      You play{' '}
      <select name="color">
        <option value="random">by lot</option>
        <option value="white">White</option>
        <option value="black">Black</option>
      </select>
    </label>{' '}
    <label>
      Days per move{' '}
      <select name="days">
        <option value="">no clock (not rated)</option>
        {DAYS_PER_MOVE.map((d) => (
          <option value={String(d)} selected={d === 3}>
            {d}
          </option>
        ))}
      </select>
    </label>{' '}
    {/* The clock's rules, as the tournament form has them; without a clock they do not apply. */}
    <label>
      When a deadline passes{' '}
      <select name="timeout">
        <option value="auto">the game ends on time</option>
        <option value="claim">the waiting player may claim the win</option>
      </select>
    </label>{' '}
    <label>
      Leave days for each player <input name="leave" type="number" min={0} max={MAX_LEAVE_DAYS} value="0" />
    </label>{' '}
    {p.to ? null : (
      <>
        <label>
          To player id (empty: anyone; a player's id is on their profile){' '}
          <input name="to" size={14} maxlength={200} autocapitalize="off" autocorrect="off" spellcheck={false} />
        </label>{' '}
      </>
    )}
    {/* Curved Space's options, as the home form has them (tester 13 W9); sent for any variant, used for Curved Space only. */}
    <fieldset class="offer-options">
      <legend>Curved Space only</legend>
      <label>
        Number of platforms{' '}
        <select name="platforms">
          {Array.from({ length: 12 }, (_, i) => String(i + 1)).map((n) => (
            <option value={n} selected={n === '4'}>
              {n}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Platform moves{' '}
        <select name="platformMoves">
          <option value="fixed">fixed</option>
          <option value="after-capture">after a capture</option>
        </select>
      </label>
    </fieldset>
    <label>
      <input type="checkbox" name="rated" value="1" checked /> Rated
    </label>{' '}
    <input type="hidden" name="ratedShown" value="1" />
    <button type="submit">{p.to ? `Challenge ${nameOf(p.to)}` : 'Offer'}</button>
    <p class="small">The deadline rule and leave days apply to a game with a clock; a rated game needs one.</p>
  </form>
);
