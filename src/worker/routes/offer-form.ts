// The form that offers a game (/me, a player's profile; POST /challenges): what it sends, its labels
// and clock as the API takes them, and which of its fields a refused offer is about, so that field
// takes the focus when the form comes back (tester 17 X4): its names differ from the API's for the
// clock and options.
import * as v from 'valibot';
import type { Failure } from '../../service/result.ts';
import { DAYS_PER_MOVE } from '../../service/schemas.ts';
import { OFFER_FIELDS, type OfferField } from '../pages/offer-game-form.tsx';
import { curvedSpaceFields, wholeOrTyped } from '../forms.ts';

export const ChallengeFormSchema = v.object({
  variant: v.string(),
  color: v.optional(v.string()),
  days: v.optional(v.picklist(['', ...DAYS_PER_MOVE.map(String)], `days per move must be none or ${DAYS_PER_MOVE.join(', ')}`)),
  to: v.optional(v.pipe(v.string(), v.trim())),
  /** The clock's rules (with days per move only): "auto" or "claim", and the leave days each player gets. */
  timeout: v.optional(v.string()),
  leave: v.optional(v.pipe(v.string(), v.trim())),
  /** The "Rated" checkbox: sent as "1" when ticked; `ratedShown` says the form had it (an unticked box sends nothing). */
  rated: v.optional(v.string()),
  ratedShown: v.optional(v.string()),
  // Curved Space's options, as the home form has them (tester 13 W9: an offer could not choose them).
  ...curvedSpaceFields,
});

/** The offer form's labels, for its errors. */
export const CHALLENGE_FORM_LABELS = {
  'clock.timeout': 'When a deadline passes',
  'clock.leaveDays': 'Leave days for each player',
  to: 'To player id',
};

/** The form's clock: days per move, and its deadline rule and leave days when the form gave them (a number typed wrong is refused in words). */
export const challengeClock = (days: string, timeout: string | undefined, leave: string | undefined) => ({
  daysPerMove: Number(days),
  ...(timeout ? { timeout } : {}),
  ...(leave ? { leaveDays: wholeOrTyped(leave) } : {}),
});

/** The offer form's field for each of the API's names that differs from it (the clock's and the options'): a refusal's field takes the focus. */
const OFFER_FIELD_OF_API: Readonly<Record<string, OfferField>> = {
  'clock.daysPerMove': 'days',
  'clock.timeout': 'timeout',
  'clock.leaveDays': 'leave',
  'options.platforms': 'platforms',
  'options.platformMoves': 'platformMoves',
};
/** The offer form's field an input's dot path (the form's own, or the API's) names, if it is one. */
const offerField = (path: string | null | undefined): OfferField | undefined =>
  !path ? undefined : Object.hasOwn(OFFER_FIELD_OF_API, path) ? OFFER_FIELD_OF_API[path] : OFFER_FIELDS.find((f) => f === path);
/** The field of a refused offer: its first issue's, or what the service's refusal is about ("to: …", an unknown player). */
export const refusedField = (refused: { issues: readonly v.BaseIssue<unknown>[] } | Failure): OfferField | undefined =>
  'issues' in refused
    ? offerField(v.getDotPath(refused.issues[0]!))
    : refused.code === 'unknown_player'
      ? 'to'
      : offerField(/^([\w.]+): /.exec(refused.error)?.[1]);
