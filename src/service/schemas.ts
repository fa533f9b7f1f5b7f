// Every input the service accepts, as valibot schemas. The routes validate with
// these and /openapi.json is generated from them, so the two cannot drift.
import * as v from 'valibot';
import { COLORS, VARIANT_NAMES } from '../engine/types.ts';
import { HOUR_MS } from './durations.ts';

/** Days per move offered by the clock, as on the long-standing correspondence servers. */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 10, 14] as const;
export const MAX_MOVE_TEXT = 200;
/** A record's characters: what the record route writes for a game of some 10 000 plies (about 50 a ply with times and analysis). */
export const MAX_RECORD_TEXT = 500_000;
const RECORD_TOO_LONG = `is longer than ${MAX_RECORD_TEXT.toLocaleString('en')} characters`;
/** The longest position text (Curved Space with twelve platforms) is under 300 characters. */
export const MAX_POSITION_TEXT = 400;

export const VariantSchema = v.picklist(VARIANT_NAMES, `must be one of ${VARIANT_NAMES.join(', ')}`);

/** The longest player name, in UTF-16 code units (what JavaScript's length counts). */
export const MAX_NAME_LENGTH = 40;

// What people write (names, messages, the analysis board's notes) is shown on every page, email and
// chat line: control and bidi-override characters garble them (a CR in a name would start a new line
// of an email's headers), and a lone surrogate (JSON "\ud800") is no character: it would come out
// as U+FFFD everywhere. One line of text, or text with line breaks (CRLF from forms read as LF).
// Control characters (Cc) written as their ranges, not \p{Cc}: the patterns go into /openapi.json, and
// re-based validators (Python's jsonschema) cannot compile \p (tester 15 B6).
export const noControlChars = v.regex(
  /^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u2028\u2029]*$/u,
  'must not contain control characters',
);
export const lineBreaksOnly = v.regex(
  /^(?:[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\n)*$/u,
  'must be text without control characters (line breaks are fine)',
);
export const wholeUnicode = v.regex(/^[^\uD800-\uDFFF]*$/u, 'must be valid Unicode text (it holds a lone surrogate)');
export const unixLineBreaks = v.transform((t: string) => t.replace(/\r\n?/g, '\n'));

/**
 * A player name, the one rule everywhere a name comes in (create, settings, the /me forms, an
 * imported record's [White] and [Black]).
 */
export const NameSchema = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  // Counted as JavaScript counts (UTF-16 units), so the message says an emoji takes more than one.
  v.maxLength(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters (an emoji counts as 2 to 11)`),
  noControlChars,
  wholeUnicode,
  // Characters that show as nothing make two names look alike ("Kirk" and "Ki\u200brk"); the joiners
  // emoji sequences and some scripts need (U+200C, U+200D) stay allowed.
  v.regex(
    /^(?![\u200C\u200D])(?!.*\u034F)[^\u00AD\u115F\u1160\u180E\u200B\u2060-\u2064\u2800\u3164\uFEFF\uFFA0]*(?<![\u200C\u200D])$/su,
    'must not contain invisible characters (a zero-width space, word joiner, soft hyphen, blank filler, byte-order mark, or a joiner at either end)',
  ),
  // Every other character of the format class shows as nothing too, as do variation selectors not
  // on an emoji and a few invisible letters (tester 11 S1: "Ki\uFE00rk", tag characters, U+17B4):
  // only the joiners, an emoji's own selector and a flag's tag sequence stay.
  v.check(
    (name) =>
      // biome-ignore lint/suspicious/noMisleadingCharacterClass: the selectors are looked for alone, not as parts of a character
      !/[\p{Cf}\uFE00-\uFE0F\u180B-\u180F\u17B4\u17B5\u{E0100}-\u{E01EF}]/u.test(
        name
          .replace(/\u{1F3F4}[\u{E0020}-\u{E007F}]+/gu, '\u{1F3F4}')
          .replace(/(\p{Extended_Pictographic}|[#*0-9])[\uFE0E\uFE0F]/gu, '$1')
          // (the joiners allowed; the characters the rules above name, said once, by them)
          // biome-ignore lint/suspicious/noMisleadingCharacterClass: each joiner is taken out alone
          .replace(/[\u200C\u200D\u00AD\u180E\u200B\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, ''),
      ),
    'must not contain invisible characters (format characters, or variation selectors not on an emoji)',
  ),
  // Combining marks with no letter under them show as nothing, and a stack of them ("zalgo") draws
  // over the lines around the name (tester 5 F3); scripts that write several marks on a letter
  // (Vietnamese, Devanagari, Tibetan) need at most about four.
  v.regex(/^(?!\p{M})/u, 'must not start with a combining mark (an accent with no letter under it)'),
  v.regex(/^(?!.*\p{M}{5})/su, 'must not stack more than 4 combining marks (accents) on one letter'),
);

/** A name a person gives themselves or a seat: the service's own engine is shown as "Computer (level N)", and no person passes for it (tester 3 F8; a record's names are as written). */
const PersonNameSchema = v.pipe(
  NameSchema,
  // Read without what shows as nothing or sits on a letter ("C\u200Domputer" passed: tester 11 S1).
  v.check(
    (name) => !/^computer\b/iu.test(name.normalize('NFKD').replace(/[\p{Cf}\p{M}]/gu, '')),
    'must not start with "Computer": that is how the computer player is named',
  ),
);

/**
 * `text` cut to at most `max` UTF-16 code units, at a whole character: never inside a grapheme
 * cluster (an emoji with its modifiers, a letter with its accents), so never a lone surrogate.
 */
export function cutAtCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out;
}

export const PlayerSchema = v.strictObject(
  {
    name: v.optional(PersonNameSchema),
    email: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(254, 'is too long'), v.email('must be an email address'))),
    webhook: v.optional(
      v.pipe(
        v.string('must be text'),
        v.maxLength(500, 'is too long'),
        // One check, one reason: a pipe goes on after a failed step, and "not a URL" then came twice.
        // Any URL passes here: the URL policy (url-policy.ts) refuses what is not https:// as it
        // refuses a private host, with one code (refused_url) for one problem (tester 5 F5).
        v.check((u) => URL.canParse(u), 'must be a URL, like https://example.org/hook'),
      ),
    ),
  },
  'must be an object like {"name": "Kirk", "email": "kirk@example.org"}',
);

/** A whole number from `min` to `max`, one message however it is out. */
const wholeNumber = (min: number, max: number) => {
  const range = `must be a whole number from ${min} to ${max}`;
  return v.pipe(v.number(range), v.integer(range), v.minValue(min, range), v.maxValue(max, range));
};

/** Leave days a player may get at creation, and the longest pause by agreement. */
export const MAX_LEAVE_DAYS = 30;
export const MAX_PAUSE_DAYS = 14;

export const ClockSchema = v.strictObject(
  {
    daysPerMove: v.picklist(DAYS_PER_MOVE, `must be one of ${DAYS_PER_MOVE.join(', ')}`),
    /** auto: the game ends when the deadline passes; claim: the opponent may then claim the win. */
    timeout: v.optional(v.picklist(['auto', 'claim'], 'must be "auto" or "claim"'), 'auto'),
    /** Leave days each player may add to their own deadline, alone, during the game. */
    leaveDays: v.optional(wholeNumber(0, MAX_LEAVE_DAYS), 0),
  },
  'must be an object like {"daysPerMove": 3}',
);

/** Variant options: a plain JSON object (valibot's record would take an array too). */
export const OptionsSchema = v.custom<Record<string, unknown>>(
  (o) => typeof o === 'object' && o !== null && !Array.isArray(o),
  'must be a JSON object, like {"platforms": 4}',
);

/**
 * The computer's levels: 1 plays almost at random among sound turns, 5 is the strongest that
 * fits a request, 6 the correspondence level (seconds of CPU a reply, from the computer queue only).
 */
export const COMPUTER_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** A side of a new game: a human as above, or `{"computer": 1-6}`. */
const SideSchema = v.pipe(
  v.strictObject(
    {
      ...PlayerSchema.entries,
      computer: v.optional(v.picklist(COMPUTER_LEVELS, `must be a level from 1 to 6 (the computer's strength; 6 is the correspondence level)`)),
    },
    'must be an object like {"name": "Kirk", "email": "kirk@example.org"} or {"computer": 3}',
  ),
  v.check(
    (p) => p.computer === undefined || (p.name === undefined && p.email === undefined && p.webhook === undefined),
    'the computer takes no name, email or webhook: send just {"computer": 1-6}',
  ),
);

/**
 * One trimmed line of text, not empty, at most `max` characters. Control characters (a line
 * break, NUL, DEL) would otherwise be reported as "unexpected" nothing, or echoed back.
 */
const oneLineText = (empty: string, max: number) =>
  v.pipe(
    v.string('must be text'),
    v.trim(),
    v.minLength(1, empty),
    v.maxLength(max, `must be at most ${max} characters`),
    v.regex(/^[^\u0000-\u001F\u007F-\u009F]*$/u, 'must be one line of printable text (it holds a control character such as a line break, NUL or DEL)'),
  );

/** A set-up position in the position text form (docs/position-text.md); the engine judges it. */
const PositionTextSchema = oneLineText('is empty (leave it out to start from the usual start)', MAX_POSITION_TEXT);

/** Why a claim clock and the computer do not go together (a new game's check, and an import's). */
export const COMPUTER_TIMEOUT = 'against the computer the timeout is "auto": the computer never claims a win on time, so a deadline passed would end nothing';

export const CreateGameSchema = v.pipe(
  v.strictObject({
    variant: VariantSchema,
    options: v.optional(OptionsSchema),
    white: v.optional(SideSchema),
    black: v.optional(SideSchema),
    clock: v.optional(ClockSchema),
    /** With a player key (Authorization: Bearer): the side the caller takes (default white, or black when the computer plays white). */
    side: v.optional(v.picklist(COLORS, 'must be "white" or "black"')),
    /** Two humans may both agree to engine hints; against the computer hints are always on. */
    hints: v.optional(v.boolean('must be true or false')),
    /** A set-up: the position text to start from instead of the variant's start. */
    position: v.optional(PositionTextSchema),
  }),
  v.forward(
    v.check((g) => g.white?.computer === undefined || g.black?.computer === undefined, 'the computer can play one side only; the other side is a human'),
    ['black'],
  ),
  v.forward(
    v.check(
      (g) => g.hints !== false || (g.white?.computer === undefined && g.black?.computer === undefined),
      'against the computer hints are always on (its engine plays anyway); leave hints out',
    ),
    ['hints'],
  ),
  v.forward(
    v.check((g) => g.clock?.timeout !== 'claim' || (g.white?.computer === undefined && g.black?.computer === undefined), COMPUTER_TIMEOUT),
    ['clock', 'timeout'],
  ),
);

/** Game messages: how long one may be, and how many one side may send in a while. */
export const MAX_MESSAGE_CHARS = 500;
export const MESSAGE_RATE = { max: 10, windowMs: HOUR_MS } as const;

/** A message between the players: up to 500 characters, line breaks allowed, no other control characters. */
export const MessageTextSchema = v.pipe(
  v.string('must be text'),
  unixLineBreaks,
  v.trim(),
  v.minLength(1, 'the message is empty'),
  v.check((t) => [...t].length <= MAX_MESSAGE_CHARS, `must be at most ${MAX_MESSAGE_CHARS} characters`),
  lineBreaksOnly,
  wholeUnicode,
);

export const MoveTextSchema = oneLineText('the move is empty', MAX_MOVE_TEXT);

/** The ply a turn will have: the game's ply + 1. A stale one is refused with 409. Out of range is one message, however it is out. */
export const MAX_PLY = 999_999;
const PLY_RANGE = `must be a whole number from 1 to ${MAX_PLY}`;
const PLY_READ = `must be the game's ply as you read it, a whole number from 0 to ${MAX_PLY}`;
const PlySchema = v.pipe(v.number(PLY_RANGE), v.integer(PLY_RANGE), v.minValue(1, PLY_RANGE), v.maxValue(MAX_PLY, PLY_RANGE));

/**
 * `Wb1-Nc3 #7`: a move with the ply it is meant for (pbmserv's #moveno). Only the first marker, and
 * only at the end: after it anything more is the turn's text, which result.ts sentTurnFailure then blames.
 */
export const splitPlySuffix = (text: string): { move: string; ply?: number } => {
  const m = /^((?:(?!#-?\d)[\s\S])*?)\s*#(-?\d+)$/.exec(text); // any number: PlySchema says which are plies
  return m ? { move: m[1]!, ply: Number(m[2]) } : { move: text };
};

/** Moves a `#<ply>` suffix of `move` into `ply` (JSON bodies, page forms); both given and different is an issue. */
export const plyFromSuffix = <T extends { move: string; ply?: number | undefined }>() =>
  v.rawTransform<T, T>(({ dataset, addIssue, NEVER }) => {
    const { move, ply } = splitPlySuffix(dataset.value.move);
    if (ply !== undefined && dataset.value.ply !== undefined && ply !== dataset.value.ply) {
      addIssue({ message: `the move's #${ply} and the ply ${dataset.value.ply} disagree` });
      return NEVER;
    }
    return { ...dataset.value, move, ply: ply ?? dataset.value.ply };
  });

/**
 * The position a turn was meant for (the state's `position`, as the sender read it): a turn that
 * finds the game elsewhere is stale, even at the same ply (turns taken back and played again since).
 */
export const MeantPositionSchema = oneLineText("is empty (leave it out, or send the state's position)", MAX_POSITION_TEXT);

/** JSON `{move, ply?, position?}`; the move may carry the `#<ply>` suffix instead of (or agreeing with) `ply`. */
export const MoveJsonSchema = v.pipe(
  v.strictObject(
    { move: MoveTextSchema, ply: v.optional(PlySchema), position: v.optional(MeantPositionSchema), message: v.optional(MessageTextSchema) },
    'must be a JSON object like {"move": "Wb2-Wb3", "ply": 1}',
  ),
  plyFromSuffix(),
  v.object({ move: MoveTextSchema, ply: v.optional(PlySchema), position: v.optional(MeantPositionSchema), message: v.optional(MessageTextSchema) }),
);

/** A text/plain move: `Wb1-Nc3`, optionally `Wb1-Nc3 #7` (the ply it is meant for). */
export const MovePlainSchema = v.pipe(MoveTextSchema, v.transform(splitPlySuffix), v.object({ move: MoveTextSchema, ply: v.optional(PlySchema) }));

export const DrawSchema = v.strictObject({
  action: v.picklist(['offer', 'accept', 'decline'], 'must be "offer", "accept" or "decline"'),
});

/** A rematch of a game played by links (POST /api/games/:id/rematch with a game token): offer (the default), accept or decline. */
export const RematchSchema = v.strictObject({
  action: v.optional(v.picklist(['offer', 'accept', 'decline'], 'must be "offer", "accept" or "decline"'), 'offer'),
});

export const TakebackSchema = v.strictObject({
  action: v.picklist(['offer', 'accept', 'decline'], 'must be "offer", "accept" or "decline"'),
  /** The game's ply as the sender read it (its state's `ply`): a takeback sent again after one was made is refused (tester 8 K3). */
  ply: v.optional(PlySchema),
});

/** Conditional moves: how many lines a player may keep in a game, and how many turns each may have. */
export const MAX_CONDITIONAL_LINES = 20;
export const MAX_CONDITIONAL_TURNS = 20;

/** One conditional line: the opponent's turn, your answer, and so on; it ends with an answer of yours. */
export const ConditionalLineSchema = v.pipe(
  v.array(MoveTextSchema, 'must be a list of turns like ["Bb3-Bb2", "Wc2-Wc3"]'),
  v.minLength(2, "must hold at least your opponent's turn and your answer"),
  v.maxLength(MAX_CONDITIONAL_TURNS, `must have at most ${MAX_CONDITIONAL_TURNS} turns`),
  v.check((line) => line.length % 2 === 0, "must end with your answer: your opponent's turn, your answer, and so on (an even number of turns)"),
);

export const ConditionalSchema = v.strictObject(
  {
    lines: v.pipe(
      v.array(ConditionalLineSchema, 'must be a list of lines'),
      v.maxLength(MAX_CONDITIONAL_LINES, `must have at most ${MAX_CONDITIONAL_LINES} lines`),
    ),
    /**
     * The game as the sender read it (its state's `ply` and `position`): lines planned for a position
     * the game has left are refused, as a turn is (tester 10 C3: they were stored for the next one and played there).
     */
    ply: v.optional(v.pipe(v.number(PLY_READ), v.integer(PLY_READ), v.minValue(0, PLY_READ), v.maxValue(MAX_PLY, PLY_READ))),
    position: v.optional(MeantPositionSchema),
  },
  'must be a JSON object like {"lines": [["Bb3-Bb2", "Wc2-Wc3"]]}',
);

/** Pause by agreement: offer one of up to 14 days; the opponent accepts or declines; the asker may cancel. */
export const PauseSchema = v.variant(
  'action',
  [
    v.strictObject({ action: v.literal('offer'), days: wholeNumber(1, MAX_PAUSE_DAYS) }, 'must be a JSON object like {"action": "offer", "days": 7}'),
    v.strictObject({ action: v.picklist(['accept', 'decline', 'cancel']) }, 'must be a JSON object like {"action": "accept"}'),
  ],
  'must be "offer" (with days), "accept", "decline" or "cancel"',
);

/** Leave days spent on your own turn's deadline. */
export const LeaveSchema = v.strictObject(
  {
    days: wholeNumber(1, MAX_LEAVE_DAYS),
    /** The deadline as the sender read it (the state's clock.deadline): a request sent again after its leave was taken changes nothing (tester 8 K3). */
    deadline: v.optional(v.pipe(v.string(), v.isoTimestamp('must be the deadline as the game state gives it, like 2026-11-30T12:00:00.000Z'))),
  },
  'must be a JSON object like {"days": 2}',
);

export const MessageSchema = v.strictObject({ text: MessageTextSchema }, 'must be a JSON object like {"text": "Good luck!"}');

/** A player's consent to show the game's messages on the spectator page. */
export const MessageVisibilitySchema = v.strictObject({ spectators: v.boolean('must be true or false') }, 'must be a JSON object like {"spectators": true}');

export const ImportJsonSchema = v.pipe(
  v.strictObject({
    record: v.pipe(v.string('must be text'), v.minLength(1, 'is empty'), v.maxLength(MAX_RECORD_TEXT, RECORD_TOO_LONG)),
    // A side may be the computer's, as in a new game: a game against it goes on against it (tester 3 F17).
    white: v.optional(SideSchema),
    black: v.optional(SideSchema),
    // null: the game has no clock, whatever the record's [TimeControl] says.
    clock: v.optional(v.nullable(ClockSchema)),
  }),
  v.check((g) => g.white?.computer === undefined || g.black?.computer === undefined, 'the computer can play one side only; the other side is a human'),
);
export const ImportPlainSchema = v.pipe(v.string(), v.minLength(1, 'is empty'), v.maxLength(MAX_RECORD_TEXT, RECORD_TOO_LONG));

export const GameIdSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9]{4,32}$/, 'is not a game id')) });

export const HistoryQuerySchema = v.object({
  since: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'must be a ply number'),
      v.transform((s) => Number(s)),
    ),
  ),
});

export type CreateGameInput = v.InferOutput<typeof CreateGameSchema>;
export type PlayerInput = v.InferOutput<typeof PlayerSchema>;
export type SideInput = v.InferOutput<typeof SideSchema>;
export type ClockInput = v.InferOutput<typeof ClockSchema>;
export type MoveInput = v.InferOutput<typeof MoveJsonSchema>;
export type ConditionalLine = v.InferOutput<typeof ConditionalLineSchema>;
export type TakebackAction = v.InferOutput<typeof TakebackSchema>['action'];
export type PauseInput = v.InferOutput<typeof PauseSchema>;
export type DrawAction = v.InferOutput<typeof DrawSchema>['action'];
export type RematchAction = v.InferOutput<typeof RematchSchema>['action'];
