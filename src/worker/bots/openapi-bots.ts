// The chat bots' two endpoints in /openapi.json. They are called by Discord and Telegram, not by
// players: each proves its origin its own way (an Ed25519 signature; a shared secret header).
import { error } from '../openapi-schema.ts';

const object = (description: string, properties: Record<string, unknown> = {}) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', properties } } },
});
const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
const anyJson = (description: string) => ({ required: true, content: { 'application/json': { schema: { type: 'object', description } } } });

export const botPaths = {
  '/discord/interactions': {
    post: {
      summary:
        "Discord HTTP interactions (docs/bots.md): PING, slash commands and buttons, acting as the Discord user's linked player. Signed by Discord with Ed25519 over timestamp + body",
      security: [],
      parameters: [
        header('X-Signature-Ed25519', 'hex Ed25519 signature of timestamp + raw body, by the application key (DISCORD_PUBLIC_KEY)'),
        header('X-Signature-Timestamp', 'the signed timestamp'),
      ],
      requestBody: anyJson('a Discord interaction'),
      responses: {
        200: object('an interaction answer: {"type":1} to a PING, 4 a message (`data`), 5 deferred (the follow-up comes through the interaction webhook)', {
          type: { type: 'integer', enum: [1, 4, 5] },
          data: { type: 'object' },
        }),
        401: error('signature missing or not valid', 'bad_signature'),
        404: error('Discord is not set up on this server', 'not_set_up'),
      },
    },
  },
  '/telegram/webhook': {
    post: {
      summary:
        "Telegram Bot API updates (docs/bots.md): commands and button presses, acting as the chat's linked player; each update_id is handled once. Answers go out through the Bot API",
      security: [],
      parameters: [header('X-Telegram-Bot-Api-Secret-Token', 'must equal TELEGRAM_SECRET (set with npm run telegram:set-webhook)')],
      requestBody: anyJson('a Telegram Update'),
      responses: {
        200: object('handled (or handled before: `duplicate`)', { ok: { type: 'boolean' }, duplicate: { type: 'boolean' } }),
        401: error('the secret header is missing or wrong', 'bad_signature'),
        404: error('Telegram is not set up on this server', 'not_set_up'),
      },
    },
  },
};
