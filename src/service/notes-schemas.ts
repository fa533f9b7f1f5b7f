// The analysis board's inputs as valibot schemas (also the source of /openapi.json): a seat's
// variations with their notes, and a line to explore from a ply of the game.
import * as v from 'valibot';
// As names and messages: no control characters, whole Unicode (schemas.ts).
import { lineBreaksOnly, noControlChars, unixLineBreaks, wholeUnicode } from './schemas.ts';

export const MAX_VARIATIONS = 30;
export const MAX_VARIATION_TURNS = 80;
export const MAX_NOTE_CHARS = 1000;
export const MAX_VARIATION_NAME = 60;

const TurnText = v.pipe(v.string('must be a turn text'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));

export const NoteTurnSchema = v.strictObject(
  {
    move: TurnText,
    /** A private note on the position after this turn. */
    note: v.optional(
      v.pipe(
        v.string('must be text'),
        unixLineBreaks,
        v.maxLength(MAX_NOTE_CHARS, `must be at most ${MAX_NOTE_CHARS} characters`),
        lineBreaksOnly,
        wholeUnicode,
      ),
    ),
  },
  'must be an object like {"move": "Wb2-Wb3", "note": "..."}',
);

export const VariationSchema = v.strictObject(
  {
    name: v.pipe(
      v.string('must be text'),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(MAX_VARIATION_NAME, `must be at most ${MAX_VARIATION_NAME} characters`),
      noControlChars,
      wholeUnicode,
    ),
    /** The game's ply the variation starts after (0: the start). */
    from: v.pipe(v.number('must be a ply number'), v.integer('must be a whole number'), v.minValue(0, 'must be 0 or more')),
    turns: v.pipe(v.array(NoteTurnSchema, 'must be a list of turns'), v.maxLength(MAX_VARIATION_TURNS, `must have at most ${MAX_VARIATION_TURNS} turns`)),
  },
  'must be an object like {"name": "Main idea", "from": 4, "turns": [{"move": "Wb2-Wb3", "note": "..."}]}',
);

export const NotesSchema = v.strictObject(
  {
    variations: v.pipe(v.array(VariationSchema, 'must be a list of variations'), v.maxLength(MAX_VARIATIONS, `must have at most ${MAX_VARIATIONS} variations`)),
  },
  'must be a JSON object like {"variations": [{"name": "Main idea", "from": 0, "turns": [{"move": "Wb2-Wb3"}]}]}',
);

export const ExploreQuerySchema = v.object({
  from: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'must be a ply number'),
      v.transform((s) => Number(s)),
    ),
  ),
  line: v.optional(v.pipe(v.string(), v.maxLength(MAX_VARIATION_TURNS * 40, 'is too long'))),
  /** Whose side the board is seen from (a player's own, as on their game page; default white). */
  orientation: v.optional(v.picklist(['white', 'black'], 'must be white or black')),
});

export type Variation = v.InferOutput<typeof VariationSchema>;
export type NotesInput = v.InferOutput<typeof NotesSchema>;
