// Reply-to-play: an email to a player's reply address is read, the first line the
// player wrote that is a command (a turn, resign, draw, accept, decline) is played
// as that player, and the answer goes back by email.
import { readReplyAddress, type MailConfig } from '../../notify/addresses.ts';
import type { GameService } from '../../service/games.ts';
import { helpText, parseCommand, runCommand, turnExamples, type Command } from './commands.ts';
import { ownLines, parseMail } from './inbound-mail.ts';

/** Replies bigger than this are not read (a move is a line; quoted history and attachments are not needed). */
const MAX_INBOUND_BYTES = 1024 * 1024;

interface InboundDeps {
  readonly service: GameService;
  readonly config: MailConfig;
  /** Fallback when message.reply() is refused (e.g. the original is not replyable). */
  readonly send?: SendEmail;
}

interface InboundResult {
  readonly outcome: 'rejected' | 'ignored' | 'played' | 'failed' | 'no-command';
  readonly reply?: string;
}

async function rawBytes(message: ForwardableEmailMessage): Promise<Uint8Array> {
  return new Uint8Array(await new Response(message.raw).arrayBuffer());
}

/** The command in the lines the player wrote: keywords anywhere, a turn only if it reads as one. */
async function findCommand(service: GameService, gameId: string, lines: readonly string[]): Promise<Command | undefined> {
  for (const line of lines) {
    const command = parseCommand(line);
    if (!command) continue;
    if (command.kind !== 'move') {
      if (command.kind !== 'board' && command.kind !== 'legal' && command.kind !== 'help') return command;
      continue;
    }
    // "Wb2-Wb3", "Wb2-Wb3 #5", "move Wb2-Wb3": the first line that reads as a turn (legal or not).
    const text = command.text.replace(/\s*#\d{1,6}$/, '').replace(/[.!]+$/, '');
    if (text.length <= 40 && (await service.readsAsTurn(gameId, text))) return { kind: 'move', text: command.text.replace(/[.!]+$/, '') };
  }
  return undefined;
}

export async function handleInboundEmail(message: ForwardableEmailMessage, deps: InboundDeps): Promise<InboundResult> {
  const address = await readReplyAddress(deps.config, message.to);
  if (!address) {
    message.setReject('Unknown address: this is not a Subspace reply address.');
    return { outcome: 'rejected' };
  }
  // Never answer automatic mail (vacation replies, bounces): that way lies a mail loop.
  const auto = message.headers.get('auto-submitted');
  if ((auto && auto.toLowerCase() !== 'no') || /mailer-daemon|postmaster/i.test(message.from) || message.headers.get('x-autoreply'))
    return { outcome: 'ignored' };
  if (message.rawSize > MAX_INBOUND_BYTES) {
    message.setReject('Message too large: reply with just your move.');
    return { outcome: 'rejected' };
  }
  const mail = parseMail(await rawBytes(message));
  const command = await findCommand(deps.service, address.gameId, ownLines(mail.text));
  let outcome: InboundResult['outcome'];
  let text: string;
  if (!command) {
    outcome = 'no-command';
    const loaded = await deps.service.load(address.gameId);
    const game = loaded.ok ? loaded.value : undefined;
    const example = game?.sideToMove === address.side ? turnExamples(game)[0]?.text : undefined;
    text = [
      'Subspace could not find a turn in your email.',
      `Write your turn${example ? ` (for example "${example}")` : ''} or resign, draw or accept on the first line of your reply, above the quoted text.`,
      '',
      helpText(game, address.side),
    ].join('\n');
  } else {
    const answer = await runCommand(deps.service, address.gameId, { side: address.side }, command);
    outcome = answer.ok ? 'played' : 'failed';
    text = answer.ok ? answer.reply : `${answer.reply}\n\nNothing was played. Reply again with a corrected turn.`;
  }
  const subject = /^re:/i.test(mail.subject) ? mail.subject : `Re: ${mail.subject || `Subspace game ${address.gameId}`}`;
  try {
    await message.reply({ from: message.to, subject, text });
  } catch (e) {
    if (!deps.send) throw e;
    await deps.send.send({ from: deps.config.from, to: message.from, subject, text, replyTo: message.to });
  }
  return { outcome, reply: text };
}
