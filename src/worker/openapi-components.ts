// The components of /openapi.json: the request bodies as JSON Schema, from the very valibot
// schemas the routes validate with, and the shapes of the answers (openapi-answers.ts).
import { toJsonSchema } from '@valibot/to-json-schema';
import { answerSchemas } from './openapi-answers.ts';
import { analysisAnswerSchemas } from './openapi-analysis.ts';
import type { BaseIssue, BaseSchema } from 'valibot';
import { CreateTournamentSchema } from '../service/tournament-schemas.ts';
import { ChatJsonSchema, NotifyChoicesSchema, PushEndpointSchema, PushSubscriptionSchema, SettingsPatchSchema } from '../notify/schemas.ts';
import { CreateChallengeSchema, CreatePlayerSchema, PlayerSettingsSchema, SignInSchema } from '../service/player-schemas.ts';
import {
  ConditionalSchema,
  CreateGameSchema,
  DrawSchema,
  RematchSchema,
  ImportJsonSchema,
  LeaveSchema,
  MAX_MESSAGE_CHARS,
  MessageSchema,
  MessageTextSchema,
  MessageVisibilitySchema,
  MoveJsonSchema,
  OptionsSchema,
  PauseSchema,
  TakebackSchema,
} from '../service/schemas.ts';

const schema = (s: BaseSchema<unknown, unknown, BaseIssue<unknown>>) =>
  toJsonSchema(s, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
    // A custom check has no JSON Schema of its own.
    overrideSchema: ({ valibotSchema }) =>
      valibotSchema === OptionsSchema
        ? { type: 'object', description: 'variant options, e.g. {"platforms": 4}' }
        : // In input mode a pipe stops at its first transformation, so only its first schema reaches here.
          valibotSchema === MessageTextSchema.pipe[0]
          ? {
              type: 'string',
              minLength: 1,
              maxLength: MAX_MESSAGE_CHARS,
              pattern: '\\S',
              description: `1 to ${MAX_MESSAGE_CHARS} characters after trimming; line breaks allowed, no other control characters`,
            }
          : undefined,
  });

/** Built with the document, when it is first asked for, not when the worker starts. */
export const openApiComponents = () => ({
  securitySchemes: {
    playerToken: {
      type: 'http',
      scheme: 'bearer',
      description: "A player's secret token from the create response, or a player key (POST /api/players) of a player of the game",
    },
    playerTokenQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'The same token as ?token=, for clients that cannot set headers' },
  },
  schemas: {
    CreateGame: schema(CreateGameSchema),
    Move: schema(MoveJsonSchema),
    Draw: schema(DrawSchema),
    Rematch: schema(RematchSchema),
    Takeback: schema(TakebackSchema),
    Conditional: schema(ConditionalSchema),
    Pause: schema(PauseSchema),
    Leave: schema(LeaveSchema),
    Message: schema(MessageSchema),
    MessageVisibility: schema(MessageVisibilitySchema),
    ImportGame: schema(ImportJsonSchema),
    SettingsPatch: schema(SettingsPatchSchema),
    NotifyChoices: schema(NotifyChoicesSchema),
    PushSubscription: schema(PushSubscriptionSchema),
    PushEndpoint: schema(PushEndpointSchema),
    Chat: schema(ChatJsonSchema),
    CreatePlayer: schema(CreatePlayerSchema),
    PlayerSettings: schema(PlayerSettingsSchema),
    SignIn: schema(SignInSchema),
    CreateChallenge: schema(CreateChallengeSchema),
    CreateTournament: schema(CreateTournamentSchema),
    ...answerSchemas(),
    ...analysisAnswerSchemas(),
  },
});
