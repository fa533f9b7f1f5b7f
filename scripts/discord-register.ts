// `npm run discord:register`: registers the Discord slash commands (src/worker/bots/discord-commands.ts)
// with Discord, replacing the application's command list (PUT /applications/{id}/commands).
//   DISCORD_APPLICATION_ID   the application's id (Developer Portal, General Information)
//   DISCORD_BOT_TOKEN        the bot's token (Developer Portal, Bot)
//   DISCORD_GUILD_ID         optional: register on one server only (shown at once, for trying out)
//   DISCORD_API_BASE         optional: another API base (tests point it at a stand-in)
import { DISCORD_COMMANDS } from '../src/worker/bots/discord-commands.ts';

const env = process.env;
const missing = ['DISCORD_APPLICATION_ID', 'DISCORD_BOT_TOKEN'].filter((name) => !env[name]);
if (missing.length) {
  console.error(`discord:register: set ${missing.join(' and ')} in the environment (see docs/bots.md), e.g.
  DISCORD_APPLICATION_ID=123456789012345678 DISCORD_BOT_TOKEN=... npm run discord:register`);
  process.exit(2);
}
const app = env.DISCORD_APPLICATION_ID!;
const guild = env.DISCORD_GUILD_ID;
for (const [name, value] of [
  ['DISCORD_APPLICATION_ID', app],
  ['DISCORD_GUILD_ID', guild],
] as const)
  if (value !== undefined && !/^\d{1,25}$/.test(value)) {
    console.error(`discord:register: ${name} must be a Discord id (digits), not "${value}"`);
    process.exit(2);
  }
const base = (env.DISCORD_API_BASE || 'https://discord.com/api/v10').replace(/\/+$/, '');
const url = `${base}/applications/${app}${guild ? `/guilds/${guild}` : ''}/commands`;
let res: Response;
try {
  res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bot ${env.DISCORD_BOT_TOKEN}`, 'content-type': 'application/json', 'user-agent': 'DiscordBot (subspace, 1.0)' },
    body: JSON.stringify(DISCORD_COMMANDS),
    signal: AbortSignal.timeout(30_000),
  });
} catch (e) {
  console.error(`discord:register: could not reach ${base}: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
const text = await res.text();
if (!res.ok) {
  console.error(`discord:register: Discord answered ${res.status}: ${text.slice(0, 1000)}`);
  if (res.status === 401) console.error('The bot token is not right (Developer Portal, Bot, Reset Token).');
  process.exit(1);
}
const names = (JSON.parse(text) as { name: string }[]).map((c) => `/${c.name}`);
console.log(`Registered ${names.length} commands ${guild ? `on server ${guild}` : 'for every server (they may take a while to show)'}: ${names.join(', ')}`);
