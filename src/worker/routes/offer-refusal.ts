// Which field of the offer form a refused offer is about, so that field takes the focus when the
// form comes back (tester 17 X4): the form's names differ from the API's for the clock and options.
import * as v from 'valibot';
import type { Failure } from '../../service/result.ts';
import { OFFER_FIELDS, type OfferField } from '../pages/offer-game-form.tsx';

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
