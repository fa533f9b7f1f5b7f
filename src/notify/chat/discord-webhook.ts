// A webhook URL that is a Discord channel webhook gets Discord's own body instead of Standard
// Webhooks JSON: `content` (what happened, the board as text) and an embed with the board
// picture and the game's link, so turns can be announced in a channel with no bot code at all.
import { isPlayerJob, type NotifyJob, type PlayerJob } from '../types.ts';
import { noTypedReply, subject, summary } from '../messages.ts';
import { codeBlock, messageJson } from './discord-api.ts';

/** discord.com (or its ptb/canary hosts, or the old discordapp.com) /api[/vN]/webhooks/<id>/<token>. */
const DISCORD_WEBHOOK = /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/(?:v\d+\/)?webhooks\/\d+\/[\w-]+\/?(?:\?.*)?$/;

export const isDiscordWebhook = (url: string) => DISCORD_WEBHOOK.test(url);

/** The body of one notification as Discord's "execute webhook" takes it. */
export function discordWebhookBody(job: NotifyJob | PlayerJob): string {
  if (isPlayerJob(job)) {
    const e = job.data;
    if ('tournament' in e) return body({ content: literal(e.text), embed: { title: e.tournament.name.slice(0, 256), url: e.tournament.link } });
    const link = 'challenge' in e ? e.challenge.link : e.game.link;
    const image = 'game' in e ? `${job.origin}/api/games/${e.game.id}/board.png?ply=${e.game.ply}` : undefined;
    const title = 'challenge' in e ? `Challenge ${e.challenge.id}` : `${e.game.title ?? e.game.variant} game ${e.game.id}`;
    return body({ content: literal(e.text), embed: { title, url: link, ...(image ? { image } : {}) } });
  }
  const d = job.data;
  const head = subject(job.event, d);
  // The words first; the board in a code block after them, shortened (by messageJson) to Discord's 2000 characters.
  // Nobody can reply to a channel's post: the answers are on the game's page.
  const words = [`**${literal(head)}**`, ...summary(job.event, d).map((l) => literal(noTypedReply(l)))].join('\n');
  const block = codeBlock(d.board);
  const content = words.length + block.length < 2000 ? `${words}\n${block}` : words;
  return body({ content, embed: { title: `${d.title ?? d.variant} game ${d.gameId}`.slice(0, 256), url: d.link, image: d.image } });
}

/**
 * Text as Discord shows it, word for word: names and messages are the players' own, so its markdown
 * (bold, masked links, headings, bulleted and numbered lists, mentions) is escaped (tester 6 G8: a name like
 * "[Support](https://evil.example)" posted a disguised link). A line's leading "> " is ours: the quote
 * of a player's message.
 */
export function literal(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const quoted = line.startsWith('> ');
      const words = (quoted ? line.slice(2) : line)
        .replace(/[\\*_~`|[\]()<>]/g, '\\$&')
        .replace(/^(\s*)([#+-])/, '$1\\$2')
        .replace(/^(\s*\d+)\./, '$1\\.');
      return quoted ? `> ${words}` : words;
    })
    .join('\n');
}

/** No components: a channel webhook that no application owns may not carry buttons. */
function body(m: Parameters<typeof messageJson>[0]): string {
  const { components: _, ...json } = messageJson(m);
  return JSON.stringify(json);
}
