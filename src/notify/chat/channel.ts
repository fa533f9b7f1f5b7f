// Delivery of a chat notification (chat-job.ts): the link is read again (still tied to the same
// player, notifications still on), then a Telegram message (sendMessage, the board as text, inline
// keyboard) or a Discord direct message (bot token: the text, an embed with the board picture and
// the game link, buttons). A chat that blocked the bot (403, chat not found) gets no more
// notifications: they are switched off on the link, as a 410 disables a webhook. Anything else
// failed is retried by the queue.
import type { ChatStore } from '../../db/chat-store.ts';
import { opposite } from '../../engine/types.ts';
import { subject, summary } from '../messages.ts';
import type { DeliveryOutcome } from '../types.ts';
import { BUTTON, discordButtons, gameButtons, pressNotReply, telegramKeyboard, type BotButton, type Offer } from './buttons.ts';
import type { AnyChatJob, ChatJob } from '../types.ts';
import { codeBlock, type DiscordApi } from './discord-api.ts';
import type { TelegramApi } from './telegram-api.ts';

/** The words of a chat notification: what happened, the board, how to answer from this chat, the game's link. */
export function chatNotificationText(job: ChatJob): string {
  const d = job.data;
  const yourMove = d.status === 'active' && d.sideToMove === d.you;
  const example = d.example ?? 'Wb2-Wb3';
  const how =
    job.chat.platform === 'telegram'
      ? `Answer here: /move ${d.gameId} ${example} (or just ${example} while this is the chat's game), or use the buttons.`
      : `Answer with /move turn:${example} game:${d.gameId}, or use the buttons.`;
  return [
    subject(job.event, d),
    // The mail's 'Reply "accept"': Discord takes no typed replies, only its commands and buttons.
    ...summary(job.event, d).map((line) => (job.chat.platform === 'discord' ? pressNotReply(line) : line)),
    '',
    d.board,
    '',
    // Not your move: the board's last line already says whose it is.
    ...(yourMove ? [how] : []),
    `The game: ${d.link}`,
  ].join('\n');
}

/** The offer a notification is about: its buttons come first. */
const OFFER_OF: Partial<Record<string, Offer>> = { 'draw-offer': 'draw', 'takeback-offer': 'takeback', 'pause-offer': 'pause' };

export class ChatChannel {
  constructor(
    private readonly store: ChatStore,
    private readonly telegram: TelegramApi | undefined,
    private readonly discord: DiscordApi,
  ) {}

  async deliver(job: AnyChatJob): Promise<DeliveryOutcome> {
    const { platform, externalId, playerId } = job.chat;
    const link = await this.store.link(platform, externalId);
    if (!link || link.playerId !== playerId) return { kind: 'skipped', error: 'the chat is no longer linked to this player' };
    if (!link.notify) return { kind: 'skipped', error: 'the player turned chat notifications off' };
    const message: { text: string; buttons: BotButton[]; embed?: { title: string; url: string; image: string } } =
      'challengeId' in job
        ? { text: job.text, buttons: [BUTTON.accept(job.challengeId), BUTTON.decline(job.challengeId)] }
        : {
            text: chatNotificationText(job),
            buttons: gameButtons(
              {
                id: job.gameId,
                status: job.data.status,
                drawOffer: job.data.drawOffer,
                // The event data has no takeback offer of its own: the request is what this event says.
                takebackOffer: job.event === 'takeback-offer' ? opposite(job.side) : null,
                pauseOffer: job.data.pauseOffer,
                ply: job.data.ply,
                claimable: job.event === 'deadline-passed',
              },
              job.side,
              OFFER_OF[job.event],
            ),
            embed: { title: subject(job.event, job.data).slice(0, 256), url: job.data.link, image: job.data.image },
          };
    let outcome: DeliveryOutcome;
    let chatId = externalId;
    if (platform === 'telegram') {
      if (!this.telegram) return { kind: 'skipped', error: 'TELEGRAM_BOT_TOKEN is not set' };
      let sent = await this.telegram.sendText(externalId, message.text, telegramKeyboard(message.buttons));
      // The group became a supergroup: the link moves to its new id, and the message goes there.
      const movedTo = sent.parameters?.migrate_to_chat_id;
      if (!sent.ok && movedTo !== undefined) {
        chatId = String(movedTo);
        await this.store.moveChat('telegram', externalId, chatId);
        sent = await this.telegram.sendText(chatId, message.text, telegramKeyboard(message.buttons));
      }
      outcome = sent.ok
        ? { kind: 'delivered', httpStatus: sent.status }
        : sent.status === 403 || (sent.status === 400 && /chat not found/i.test(sent.description ?? ''))
          ? { kind: 'gone', httpStatus: sent.status }
          : {
              kind: 'failed',
              ...(sent.status ? { httpStatus: sent.status } : {}),
              ...(sent.parameters?.retry_after ? { retryAfter: sent.parameters.retry_after } : {}),
              error: `Telegram answered ${sent.status}: ${sent.description ?? 'no reason given'}`,
            };
    } else {
      if (!this.discord.canSendDirect) return { kind: 'skipped', error: 'DISCORD_BOT_TOKEN is not set' };
      const sent = await this.discord.direct(externalId, {
        content: codeBlock(message.text),
        ...(message.embed ? { embed: message.embed } : {}),
        buttons: discordButtons(message.buttons),
      });
      // 403: the user does not take direct messages from the bot (or left every shared server).
      outcome = sent.ok
        ? { kind: 'delivered', httpStatus: sent.status }
        : sent.status === 403
          ? { kind: 'gone', httpStatus: 403 }
          : { kind: 'failed', ...(sent.status ? { httpStatus: sent.status } : {}), error: sent.error ?? `Discord answered ${sent.status}` };
    }
    if (outcome.kind === 'gone') await this.store.setNotify(playerId, platform, chatId, false);
    // Your move here: a bare turn sent back to this chat goes to this game.
    if (outcome.kind === 'delivered' && 'data' in job && job.data.status === 'active' && job.data.sideToMove === job.data.you)
      await this.store.setCurrentGame(platform, chatId, job.gameId);
    return outcome;
  }
}
