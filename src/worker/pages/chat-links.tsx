// The chat bots on /me: the Discord users and Telegram chats that act for the player, whether
// turn notifications go to each, and the ways to link one (docs/bots.md).
import type { ChatLinkRow } from '../../db/schema-chat.ts';
import { Layout } from './layout.tsx';

const PLATFORM = { discord: 'Discord', telegram: 'Telegram' } as const;

const linkName = (l: Pick<ChatLinkRow, 'platform' | 'label' | 'externalId'>) =>
  `${PLATFORM[l.platform]} ${l.platform === 'discord' ? 'user' : 'chat'} ${l.label ?? l.externalId}`;

const LinkForm = (p: { link: ChatLinkRow; action: 'notify-on' | 'notify-off' | 'unlink'; label: string }) => (
  <form method="post" action="/me/chat-links" class="inline">
    <input type="hidden" name="platform" value={p.link.platform} />
    <input type="hidden" name="id" value={p.link.externalId} />
    <input type="hidden" name="action" value={p.action} />
    <button type="submit" aria-label={`${p.label}: ${linkName(p.link)}`}>
      {p.label}
    </button>
  </form>
);

/** The section on /me. */
export const ChatLinksSection = (p: { links: readonly ChatLinkRow[]; telegram: boolean; discord: boolean }) => (
  <section id="chat-links" aria-labelledby="chat-links-title">
    <h2 id="chat-links-title">Chat bots</h2>
    <p>Play from Discord or Telegram: a linked Discord account or Telegram chat acts for you, and gets your turn notifications if you want them.</p>
    {p.links.length ? (
      <ul>
        {p.links.map((l) => (
          <li>
            {linkName(l)} · notifications {l.notify ? 'on' : 'off'}{' '}
            <LinkForm link={l} action={l.notify ? 'notify-off' : 'notify-on'} label={l.notify ? 'Turn notifications off' : 'Turn notifications on'} />{' '}
            <LinkForm link={l} action="unlink" label="Unlink" />
          </li>
        ))}
      </ul>
    ) : (
      <p>No Discord account or Telegram chat is linked.</p>
    )}
    {p.discord ? (
      <p>Discord: type /subspace link in a server with the Subspace bot (or in a direct message to it) and open the link it gives you here.</p>
    ) : null}
    {p.telegram ? (
      <form method="post" action="/me/link/telegram">
        <button type="submit">Link a Telegram chat</button>
      </form>
    ) : null}
  </section>
);

/** Discord: confirm that this Discord user plays as the signed-in player. */
export const ConfirmDiscordPage = (p: { code: string; label: string | null; player: string }) => (
  <Layout title="Link Discord — Subspace">
    <h1>Link your Discord account</h1>
    <p>
      The Discord user <strong>{p.label ?? 'who asked'}</strong> will play as <strong>{p.player}</strong>: commands and buttons from that account act for you,
      and your turn notifications go to it as direct messages.
    </p>
    <p class="msg info">
      Link it only if you typed <code>/subspace link</code> yourself a moment ago and that is your own @username: a link someone else sends you would let their
      Discord account play as you.
    </p>
    <form method="post" action="/me/link/discord">
      <input type="hidden" name="code" value={p.code} />
      <button type="submit">Link this Discord account</button>
    </form>
    <p>
      <a href="/me">Not now</a>
    </p>
  </Layout>
);

/** Telegram: the deep link that ties a chat (and the command to send by hand). */
export const TelegramLinkPage = (p: { code: string; bot: string | undefined }) => (
  <Layout title="Link Telegram — Subspace">
    <h1>Link a Telegram chat</h1>
    {p.bot ? (
      <p>
        <a id="telegram-link" href={`https://t.me/${p.bot}?start=${p.code}`}>
          Open the Subspace bot in Telegram
        </a>{' '}
        and press Start: that chat then plays as you. (In a group, add the bot first, then send the command below there.)
      </p>
    ) : null}
    <p>Or send this to the bot in the chat you want to play from:</p>
    <p>
      <code id="telegram-start">/start {p.code}</code>
    </p>
    <p>It works once, within 30 minutes. Keep it to yourself: whoever sends it plays as you.</p>
    <p>
      <a href="/me">Your games</a>
    </p>
  </Layout>
);
