// The search's evaluation cache (search.ts): the static score of a position by its key (evaluation
// depends on nothing the key leaves out), and First Contact's answers of winningTurn and threatened
// beside it, in buffers shared by all searches; an entry counts only for the search that wrote it
// (its stamp), so nothing is kept between calls.
import type { Key, SearchRules } from './rules.ts';

const EVAL_BITS = 15;
const EVAL_MASK = (1 << EVAL_BITS) - 1;
// An entry's stamp, key words, what it knows, its score (words 4-5) and the evaluation's notes
// (words 6-8, rules.evaluationNotes) side by side in 64 bytes: a lookup and what is written after
// it touch one cache line.
const META = 16;
const NOTES_AT = 6;
const evalMeta = new Int32Array(META << EVAL_BITS);
const evalScore = new Float64Array(evalMeta.buffer);
/** evalScore's index of a slot's score. */
const scoreAt = (slot: number) => slot * (META / 2) + 2;
/** What the entry knows (its fourth word): SCORE_KNOWN (with NOTES_KNOWN when the notes were at hand), and WIN_NONE or WIN_FOUND (winningTurn's answer). */
const SCORE_KNOWN = 1;
const NOTES_KNOWN = 32;
const WIN_NONE = 2;
const WIN_FOUND = 4;
/** rules.threatened's answer: THREAT_NONE or THREAT_FOUND. */
const THREAT_NONE = 8;
const THREAT_FOUND = 16;
let evalSearches = 0;
/**
 * Per slot, a byte of the key of the entry this search last wrote there (0: none since the search
 * began): a lookup whose byte differs is a miss known without touching the entry (32 KB, where the
 * entries take 1 MB: most lookups are of positions not evaluated yet).
 */
const evalPrint = new Uint8Array(1 << EVAL_BITS);
const printOf = (key: Key) => key[0]! >>> 24 || 1;
/** The slot of the position with this key. */
const slotOf = (key: Key) => (key[1]! ^ (key[0]! >>> 17)) & EVAL_MASK;

/** One search's view of the cache (a new stamp: what earlier searches wrote counts as absent). */
export class EvalCache<P, M> {
  private readonly stamp = (evalSearches = (evalSearches + 1) | 0 || 1);

  constructor(private readonly rules: SearchRules<P, M>) {
    evalPrint.fill(0);
  }

  /** The cache entry of the position with this key (claimed, knowing nothing, when another position held it). */
  private slot(key: Key): number {
    const slot = slotOf(key);
    const at = slot * META;
    if (evalMeta[at] !== this.stamp || evalMeta[at + 1] !== key[0] || evalMeta[at + 2] !== key[1]) {
      evalMeta[at] = this.stamp;
      evalMeta[at + 1] = key[0]!;
      evalMeta[at + 2] = key[1]!;
      evalMeta[at + 3] = 0;
      evalPrint[slot] = printOf(key);
    }
    return slot;
  }

  /** rules.evaluate(pos), cached by the position's key (the evaluation's notes too, when the rules keep any). */
  evaluate(pos: P, key: Key): number {
    const slot = slotOf(key);
    const print = printOf(key);
    const at = slot * META;
    if (evalPrint[slot] === print) {
      this.slot(key);
      const known = evalMeta[at + 3]!;
      if (known & SCORE_KNOWN) {
        if (known & NOTES_KNOWN) this.rules.evaluationNotes!.recall(pos, evalMeta, at + NOTES_AT);
        return evalScore[scoreAt(slot)]!;
      }
      const score = this.rules.evaluate(pos);
      evalScore[scoreAt(slot)] = score;
      evalMeta[at + 3] = known | SCORE_KNOWN | this.notesOf(pos, at);
      return score;
    }
    // Not this search's entry: claimed after the evaluation, so its line is written, not waited for.
    const score = this.rules.evaluate(pos);
    evalMeta[at] = this.stamp;
    evalMeta[at + 1] = key[0]!;
    evalMeta[at + 2] = key[1]!;
    evalMeta[at + 3] = SCORE_KNOWN | this.notesOf(pos, at);
    evalScore[scoreAt(slot)] = score;
    evalPrint[slot] = print;
    return score;
  }

  /** The evaluation's notes of `pos` written into the entry at `at`: NOTES_KNOWN, or 0 when there are none. */
  private notesOf(pos: P, at: number): number {
    const notes = this.rules.evaluationNotes;
    return notes?.write(pos, evalMeta, at + NOTES_AT) ? NOTES_KNOWN : 0;
  }

  /** The evaluation's notes of the position with this key made its notes again, when this search scored it (nothing is claimed or evaluated). */
  recall(pos: P, key: Key): void {
    const notes = this.rules.evaluationNotes;
    if (!notes) return;
    const slot = slotOf(key);
    if (evalPrint[slot] !== printOf(key)) return;
    const at = slot * META;
    if (evalMeta[at] === this.stamp && evalMeta[at + 1] === key[0] && evalMeta[at + 2] === key[1] && evalMeta[at + 3]! & NOTES_KNOWN)
      notes.recall(pos, evalMeta, at + NOTES_AT);
  }

  /**
   * Whether rules.winningTurn finds a turn, cached by the position's key when it found out
   * without listing the turns (then a repeat skips nothing the caller would see: `legal` stays unlisted).
   */
  wins(pos: P, key: Key, legal: () => M[], listed: () => boolean): boolean {
    const at = this.slot(key) * META + 3;
    const known = evalMeta[at]!;
    if (known & (WIN_NONE | WIN_FOUND)) return (known & WIN_FOUND) !== 0;
    const win = this.rules.winningTurn!(pos, legal) !== undefined;
    if (!listed()) evalMeta[at] = known | (win ? WIN_FOUND : WIN_NONE);
    return win;
  }

  /** Whether rules.threatened says the side to move must meet a threat, cached by the position's key. */
  threatened(pos: P, key: Key): boolean {
    const at = this.slot(key) * META + 3;
    const known = evalMeta[at]!;
    if (known & (THREAT_NONE | THREAT_FOUND)) return (known & THREAT_FOUND) !== 0;
    const threat = this.rules.threatened!(pos);
    evalMeta[at] = known | (threat ? THREAT_FOUND : THREAT_NONE);
    return threat;
  }
}
