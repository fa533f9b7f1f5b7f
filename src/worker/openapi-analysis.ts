// The post-game analysis and the analysis board's notes in /openapi.json: their paths (given
// the shared `id` parameter and security by openapi.ts) and the shapes of their answers.
import { toJsonSchema } from '@valibot/to-json-schema';
import { MAX_NOTE_CHARS, MAX_VARIATIONS, MAX_VARIATION_TURNS, NotesSchema } from '../service/notes-schemas.ts';

import { bool, error, int, list, nullable, object, ref, str, type Json } from './openapi-schema.ts';
import { tooMany } from './openapi-operations.ts';
import { COLORS } from '../engine/types.ts';

const color: Json = { enum: COLORS };
const result: Json = { enum: ['1-0', '0-1', '1/2-1/2'] };

const evaluation: Json = {
  description:
    "From White's side: `cp` centipawn-like units, `mate` White's turns to a forced mate (negative: Black mates), or `over` the result when the game ended in this position on the board",
  oneOf: [object({ cp: int }), object({ mate: int }), object({ over: result })],
};
const judgement: Json = nullable({ enum: ['inaccuracy', 'mistake', 'blunder'] });
const side = nullable(
  object(
    {
      accuracy: nullable({ type: 'number', minimum: 0, maximum: 100 }),
      inaccuracies: int,
      mistakes: int,
      blunders: int,
    },
    {},
    "Lichess's accuracy (0-100) and the counts of ?!, ? and ??",
  ),
);

export const analysisAnswerSchemas = (): Record<string, Json> => ({
  Evaluation: evaluation,
  PlyAnalysis: object({
    ply: int,
    side: color,
    move: str,
    eval: ref('Evaluation'),
    best: { ...nullable(str), description: "the computer's turn where this one was played; null when it was this very turn" },
    bestEval: nullable(ref('Evaluation')),
    judgement,
    glyph: nullable({ enum: ['?!', '?', '??'] }),
  }),
  Analysis: object(
    {
      id: str,
      status: { enum: ['queued', 'running', 'done'] },
      evaluated: int,
      positions: int,
      start: nullable(ref('Evaluation')),
      plies: list(ref('PlyAnalysis')),
      white: side,
      black: side,
      curve: { type: 'number', description: 'the logistic constant k of the winning chances 1 / (1 + e^(-k cp)), fitted per variant' },
    },
    {},
    'the analysis as far as it has gone: the plies evaluated so far; per side accuracy and counts once done',
  ),
  SeatNotes: object(
    {
      side: color,
      variations: list(
        object({ name: str, from: int, turns: list(object({ move: str }, { note: str })) }, {}, 'a named line from the game after ply `from`, a note per turn'),
      ),
      updatedAt: nullable({ type: 'string', format: 'date-time' }),
    },
    {},
    "a seat's private variations",
  ),
  Explored: object({
    from: int,
    line: list(str),
    sideToMove: color,
    check: bool,
    outcome: nullable(object({ result: { enum: ['1-0', '0-1', '1/2-1/2', '*'] }, reason: str }, { winner: color })),
    position: str,
    legal: list(str),
    svg: { type: 'string', description: 'the board (SVG)' },
  }),
  Notes: toJsonSchema(NotesSchema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }) as Json,
});

const json = (description: string, name: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });

export const analysisPaths = (id: unknown, auth: unknown[]) => ({
  '/api/games/{id}/analysis': {
    post: {
      summary:
        "Ask for the computer's analysis of a finished game (a game that ends is analysed by itself; an imported one when asked for). It runs through the computer queue a piece at a time; asking again while one exists changes nothing. Never during a game",
      parameters: [id],
      responses: {
        202: {
          ...json('the analysis as it stands (queued, running or done); GET it until `status` is `done`', 'Analysis'),
          headers: { Location: { description: 'where to read it', schema: { type: 'string' } } },
        },
        404: error('no such game'),
        409: error('the game is not over: no analysis during a game, for anyone', 'game_not_over'),
        429: tooMany('new games and analyses asked for'),
      },
    },
    get: {
      summary:
        "The analysis: per ply the evaluation after it (from White's side), the computer's better turn and the judgement (?! ? ??) from the drop in the mover's winning chances; per side accuracy and counts once done",
      parameters: [id],
      responses: {
        200: json('the analysis as far as it has gone', 'Analysis'),
        404: error('no such game, or no analysis asked for yet', 'no_analysis'),
        409: error('the game is not over', 'game_not_over'),
      },
    },
  },
  '/api/games/{id}/notes': {
    get: {
      summary: 'Your analysis board: your named variations with a note per ply, kept for your seat only (the opponent and spectators never see them)',
      security: auth,
      parameters: [id],
      responses: { 200: json('your variations (none yet: an empty list)', 'SeatNotes'), 403: error('not a player of this game'), 404: error('no such game') },
    },
    put: {
      summary: `Replace your variations (an empty list clears them): at most ${MAX_VARIATIONS}, each a name, the game's ply it starts after and at most ${MAX_VARIATION_TURNS} turns, each legal where it stands, with an optional note (up to ${MAX_NOTE_CHARS} characters). Turns are stored in canonical text. During and after the game`,
      security: auth,
      parameters: [id],
      requestBody: { required: true, content: { 'application/json': { schema: ref('Notes') } } },
      responses: {
        200: json('your variations as stored', 'SeatNotes'),
        400: error('a turn that is not notation at all: `variation N ("name"), ply P (turn)` and why', 'unreadable_turn'),
        403: error('not a player of this game'),
        404: error('no such game'),
        422: error('an illegal turn: `variation N ("name"), ply P (turn)` and why; or a start after the last ply', 'illegal_turn', 'unknown_ply'),
      },
    },
  },
  '/api/games/{id}/explore': {
    get: {
      summary:
        "The analysis board's step: the board and the legal turns after `line` (turns separated by spaces) from the game after ply `from` (default: now). Legal turns only, no evaluation; nothing is stored or sent",
      parameters: [
        id,
        { name: 'from', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d{1,6}$' } },
        { name: 'line', in: 'query', required: false, schema: { type: 'string' } },
        {
          name: 'orientation',
          in: 'query',
          required: false,
          description: 'the side the board is seen from (default white)',
          schema: { type: 'string', enum: ['white', 'black'] },
        },
      ],
      responses: {
        200: json('the position after the line and its legal turns', 'Explored'),
        400: error('`from` is not a ply number, or a turn of the line is not notation at all (`ply P (turn)` and why)', 'invalid_query', 'unreadable_turn'),
        404: error('no such game'),
        422: error('an illegal turn in the line: `ply P (turn)` and why; or a start after the last ply', 'illegal_turn', 'unknown_ply'),
      },
    },
  },
});
