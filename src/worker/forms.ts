// The page forms and the query strings of pages and pictures, as valibot schemas
// (the JSON API's inputs are in service/schemas.ts, which these build on).
import * as v from 'valibot';
import { checkTag, flashTag } from '../notify/signing.ts';
import { MAX_SIZE, MIN_SIZE } from '../service/preview.ts';
import {
  COMPUTER_LEVELS,
  DAYS_PER_MOVE,
  GameIdSchema,
  MAX_MESSAGE_CHARS,
  MAX_MOVE_TEXT,
  MAX_POSITION_TEXT,
  MeantPositionSchema,
  MessageTextSchema,
  MovePlainSchema,
  MoveTextSchema,
  plyFromSuffix,
} from '../service/schemas.ts';
import { COLORS, VARIANT_NAMES, VARIANTS } from '../engine/types.ts';

export const TokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'is not a player token'));
const blank = (max: number, what: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, `${what} must be at most ${max} characters`),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/** A whole number typed in a form: blank is none; anything else goes on as a number for the API's schema to judge. */
const formNumber = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s === '' ? undefined : Number(s))),
  ),
);

/** Curved Space's options as the home form and the offer form take them (number of platforms, platform moves). */
export const curvedSpaceFields = {
  platforms: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'the number of platforms must be 1 to 12'),
      v.transform(Number),
      v.minValue(1, 'the number of platforms must be 1 to 12'),
      v.maxValue(12, 'the number of platforms must be 1 to 12'),
    ),
  ),
  platformMoves: v.optional(v.picklist(['fixed', 'after-capture'], 'platform moves must be "fixed" or "after-capture"')),
};

/** The options a form's Curved Space fields make (the defaults where it sent none); none for another variant. */
export const curvedSpaceOptions = (f: { variant: string; platforms?: number | undefined; platformMoves?: 'fixed' | 'after-capture' | undefined }) =>
  f.variant === 'curved-space' ? { options: { platforms: f.platforms ?? 4, platformMoves: f.platformMoves ?? 'fixed' } } : {};

export const CreateFormSchema = v.object({
  variant: v.picklist(VARIANT_NAMES, `choose one of ${VARIANTS.map((c) => c.title).join(', ')}`),
  white: blank(40, "White's name"),
  black: blank(40, "Black's name"),
  days: v.optional(v.picklist(['', ...DAYS_PER_MOVE.map(String)], `time per move must be none or ${DAYS_PER_MOVE.join(', ')} days`)),
  timeout: v.optional(v.picklist(['auto', 'claim'], 'choose what happens when a deadline passes')),
  leave: formNumber,
  ...curvedSpaceFields,
  opponent: v.optional(v.picklist(['human', 'computer'], 'choose a human or the computer as the opponent')),
  level: v.optional(v.picklist(COMPUTER_LEVELS.map(String), "the computer's level must be 1 to 6")),
  side: v.optional(v.picklist(COLORS, 'choose White or Black')),
  position: blank(MAX_POSITION_TEXT, 'the start position'),
});

/** The form's players: two humans, or the player's side and the computer on the other. */
export function formPlayers(f: v.InferOutput<typeof CreateFormSchema>) {
  const named = (name: string | undefined) => (name ? { name } : {});
  if (f.opponent !== 'computer') return { ...(f.white ? { white: { name: f.white } } : {}), ...(f.black ? { black: { name: f.black } } : {}) };
  const computer = { computer: Number(f.level ?? 2) };
  return f.side === 'black' ? { white: computer, black: named(f.black) } : { white: named(f.white), black: computer };
}

/** The conditional lines box: 20 lines of 20 turns fit. */
export const MAX_PLAN_CHARS = 8000;

/** A message carried back in the game page's address: MAX_MESSAGE_CHARS characters, in UTF-16 units (an emoji is two). */
export const MAX_MESSAGE_QUERY = MAX_MESSAGE_CHARS * 2;

export const PageQuerySchema = v.object({
  token: v.optional(v.string()),
  move: blank(MAX_MOVE_TEXT, 'a move'),
  /** The message typed with the move, back in its box after a preview or a refusal. */
  message: v.optional(v.pipe(v.string(), v.maxLength(MAX_MESSAGE_QUERY, 'the message is too long'))),
  do: v.optional(v.string()),
  error: blank(300, 'a message'),
  ok: blank(300, 'a message'),
  sig: v.optional(v.string()),
  /** The typing tag (signing.ts typingTag) of the page's own forms: without it, move, message, plan and do are not taken. */
  typed: v.optional(v.string()),
  partial: v.optional(v.string()),
  /** Whose side the board is seen from (players: their own by default). */
  from: v.optional(v.picklist(COLORS, 'from must be white or black')),
  /** Conditional lines being written on the page, one a row (the last is previewed). */
  plan: v.optional(v.pipe(v.string(), v.maxLength(MAX_PLAN_CHARS, `the conditional lines must be at most ${MAX_PLAN_CHARS} characters`))),
  /** An earlier position to look at (the replay without JavaScript). */
  ply: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'ply must be a whole number (0 = the start)'), v.transform(Number))),
});

/** An email address as the API checks it (PlayerSchema), or blank. */
const EmailAddress = v.pipe(v.string(), v.email());

/** The notification settings form: blank removes an address. */
export const SettingsFormSchema = v.object({
  token: TokenSchema,
  email: v.pipe(
    blank(254, 'the email address'),
    v.check((s) => s === undefined || v.is(EmailAddress, s), 'the email address must be an email address, like kirk@example.org'),
  ),
  webhook: blank(2000, 'the webhook URL'),
});

export const MoveFormSchema = v.pipe(
  v.object({
    token: TokenSchema,
    move: MoveTextSchema,
    ply: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'ply must be a number'), v.transform(Number))),
    /** The position the page showed (a hidden field): a turn sent from a page the game has left is stale. */
    position: v.optional(MeantPositionSchema),
    do: v.optional(v.string()),
    /** A message sent with the move; an empty box sends none. */
    message: v.optional(
      v.pipe(
        v.string(),
        v.transform((t) => (t.trim() === '' ? undefined : t)),
        v.optional(MessageTextSchema),
      ),
    ),
  }),
  plyFromSuffix(),
);
export const MessageFormSchema = v.object({ token: TokenSchema, text: MessageTextSchema });
export const MessageVisibilityFormSchema = v.object({ token: TokenSchema, spectators: v.picklist(['yes', 'no'], 'choose yes or no') });
export const ConditionalFormSchema = v.object({
  token: TokenSchema,
  lines: v.optional(v.pipe(v.string(), v.maxLength(MAX_PLAN_CHARS, `the lines must be at most ${MAX_PLAN_CHARS} characters`)), ''),
  do: v.optional(v.picklist(['store', 'preview', 'play', 'new', 'clear'], 'choose store, preview, play, new or clear'), 'store'),
  /** With `play`: the turn to add to the last line (picked from the preview's legal turns). */
  next: v.optional(MoveTextSchema),
  /** The ply the page was drawn at: lines stored from a page the game has left are refused. */
  ply: formNumber,
});
export const PauseFormSchema = v.object({
  token: TokenSchema,
  action: v.picklist(['offer', 'accept', 'decline', 'cancel'], 'choose offer, accept, decline or cancel'),
  days: formNumber,
});
export const LeaveFormSchema = v.object({ token: TokenSchema, days: formNumber, deadline: v.optional(v.string()) });
export const DrawFormSchema = v.object({ token: TokenSchema, action: v.picklist(['offer', 'accept', 'decline'], 'choose offer, accept or decline') });
/** A takeback form: a draw form's fields and the ply the page showed (a second press changes nothing). */
export const TakebackFormSchema = v.object({ ...DrawFormSchema.entries, ply: formNumber });

const SizeSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, `must be a width in pixels from ${MIN_SIZE} to ${MAX_SIZE}`),
    v.transform(Number),
    v.minValue(MIN_SIZE, `must be at least ${MIN_SIZE}`),
    v.maxValue(MAX_SIZE, `must be at most ${MAX_SIZE}`),
  ),
);
export const GameImageQuerySchema = v.object({
  ply: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'ply must be a whole number (0 = the start)'), v.transform(Number))),
  size: SizeSchema,
  from: v.optional(v.picklist(COLORS, 'from must be white or black')),
  /** The key of the position the picture is meant to show (notifications send it): such an address is kept for good. */
  at: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{8}$/, 'at must be the key of a position (8 hex digits)'))),
});
export const PositionImageQuerySchema = v.object({
  variant: v.picklist(VARIANT_NAMES, `variant must be one of ${VARIANT_NAMES.join(', ')}`),
  position: v.pipe(
    v.string('position is required: the position text'),
    v.minLength(1, 'position is empty'),
    v.maxLength(MAX_POSITION_TEXT, `position is too long (at most ${MAX_POSITION_TEXT} characters)`),
  ),
  options: v.optional(v.pipe(v.string(), v.maxLength(500, 'options are too long'))),
  last: v.optional(v.pipe(v.string(), v.maxLength(MAX_MOVE_TEXT, 'last is too long'))),
  size: SizeSchema,
});
/** A preview of a turn as typed for sending: `Bb3-Bb2 #4` is the turn and the ply it is meant for, read as a text/plain move is. */
export const PreviewQuerySchema = v.object({
  move: MovePlainSchema,
  size: SizeSchema,
  /** Whose side the board is seen from (the player's own on their page). */
  from: v.optional(v.picklist(COLORS, 'from must be white or black')),
});

/** A whole number typed in a form, else the text as typed (the schema then refuses it in words); undefined when empty. */
export const wholeOrTyped = (typed: string | undefined) => (typed && /^\d{1,4}$/.test(typed) ? Number(typed) : typed || undefined);

type Flash = { error?: string | undefined; ok?: string | undefined };

/** What a flash message's tag covers. */
const flashText = (flash: Flash) => `${flash.error ?? ''}\n${flash.ok ?? ''}`;

/** The tag of a form redirect's message, under the player's token or key: only our own redirects put words on a page. */
export const flashSignature = (key: string, flash: Flash) => flashTag(key, flashText(flash));

/** Whether the message in a page's address came from one of our own redirects for this token or key. */
export const isOwnFlash = (key: string, flash: Flash, sig: string) => checkTag(flashSignature(key, flash), sig);

/** Whether a path's id can name a game (GameIdSchema). */
export const isGameId = (id: string) => v.is(GameIdSchema, { id });
