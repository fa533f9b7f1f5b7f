// The form that offers a game (POST /challenges, as CreateChallengeSchema takes it): on /me to
// anyone or to a player id typed in, on a player's profile to that player (its Challenge button).
import { VARIANTS } from '../../engine/types.ts';
import type { PublicPlayer } from '../../service/players.ts';
import { DAYS_PER_MOVE, MAX_LEAVE_DAYS } from '../../service/schemas.ts';
import { CurvedSpaceFields } from './curved-space-fields.tsx';
import { ErrorLine } from './layout.tsx';
import { nameOf } from './rating-badge.tsx';

/** The fields the form sends, as a refused offer sent them (shown again with why). */
export const OFFER_FIELDS = ['variant', 'color', 'days', 'timeout', 'leave', 'to', 'platforms', 'platformMoves', 'rated'] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];
export interface OfferRefused {
  readonly error: string;
  /** The field the refusal is about: it takes the focus (tester 17 X4); none, the form's first. */
  readonly field?: OfferField | undefined;
  readonly typed: Partial<Record<OfferField, string>>;
}

/** `refused`: the offer was refused (tester 14 P10): the form comes back as it was sent, why above it. */
export const OfferGameForm = (p: { id: string; to?: PublicPlayer; refused?: OfferRefused | undefined }) => {
  const typed = p.refused?.typed;
  const chosen = (field: keyof NonNullable<typeof typed>, value: string, byDefault = false) => (typed ? typed[field] === value : byDefault);
  // Refused: the focus goes to the field the refusal is about (tester 17 X4), else the first (so on a
  // profile, whose player id is a hidden field); it brings the form, and why above it, into view.
  const field = p.refused?.field;
  const focus = !p.refused ? undefined : field && !(field === 'to' && p.to) ? field : 'variant';
  const focused = (field: string) => (focus === field ? true : undefined);
  return (
    <>
      <ErrorLine error={p.refused ? `Not offered. ${p.refused.error}` : undefined} />
      <form method="post" action="/challenges" id={p.id} data-once>
        {p.to ? (
          <>
            <input type="hidden" name="to" value={p.to.id} />
            {/* Refused, the form comes back on the profile it was sent from. */}
            <input type="hidden" name="on" value="profile" />
          </>
        ) : null}
        <label>
          Variant{' '}
          <select name="variant" autofocus={focused('variant')}>
            {VARIANTS.map((v) => (
              <option value={v.id} selected={chosen('variant', v.id)}>
                {v.title}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          You play{' '}
          <select name="color" autofocus={focused('color')}>
            <option value="random">by lot</option>
            <option value="white" selected={chosen('color', 'white')}>
              White
            </option>
            <option value="black" selected={chosen('color', 'black')}>
              Black
            </option>
          </select>
        </label>{' '}
        <label>
          Days per move{' '}
          <select name="days" autofocus={focused('days')}>
            <option value="" selected={chosen('days', '')}>
              no clock (not rated)
            </option>
            {DAYS_PER_MOVE.map((d) => (
              <option value={String(d)} selected={chosen('days', String(d), d === 3)}>
                {d}
              </option>
            ))}
          </select>
        </label>{' '}
        {/* The clock's rules, as the tournament form has them; without a clock they do not apply. */}
        <label>
          When a deadline passes{' '}
          <select name="timeout" autofocus={focused('timeout')}>
            <option value="auto">the game ends on time</option>
            <option value="claim" selected={chosen('timeout', 'claim')}>
              the waiting player may claim the win
            </option>
          </select>
        </label>{' '}
        <label>
          Leave days for each player <input name="leave" type="number" min={0} max={MAX_LEAVE_DAYS} value={typed?.leave ?? '0'} autofocus={focused('leave')} />
        </label>{' '}
        {p.to ? null : (
          <>
            <label>
              To player id (empty: anyone; a player's id is on their profile){' '}
              <input
                name="to"
                size={14}
                maxlength={200}
                autocapitalize="off"
                autocorrect="off"
                spellcheck={false}
                value={typed?.to ?? ''}
                autofocus={focused('to')}
              />
            </label>{' '}
          </>
        )}
        {/* Curved Space's options, as the home form has them (tester 13 W9). */}
        <CurvedSpaceFields typed={typed} focus={focus} />
        <label>
          <input type="checkbox" name="rated" value="1" checked={chosen('rated', '1', true)} autofocus={focused('rated')} /> Rated
        </label>{' '}
        <input type="hidden" name="ratedShown" value="1" />
        <button type="submit">{p.to ? `Challenge ${nameOf(p.to)}` : 'Offer'}</button>
        <p class="small">The deadline rule and leave days apply to a game with a clock; a rated game needs one.</p>
      </form>
    </>
  );
};
