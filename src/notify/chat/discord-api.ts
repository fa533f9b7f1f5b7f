// Discord's HTTP API over plain fetch: the follow-up of a deferred interaction (through the
// interaction's own webhook, no bot token needed) and direct messages to a user (bot token).
// The base URL is DISCORD_API_BASE (tests point it at a stand-in).

export const DISCORD_API = 'https://discord.com/api/v10';
const TIMEOUT_MS = 10_000;
/** Discord's limit on a message's content. */
const MAX_CONTENT = 2000;

export interface DiscordButton {
  readonly label: string;
  readonly customId: string;
  /** 1 primary, 2 secondary, 3 success, 4 danger. */
  readonly style: 1 | 2 | 3 | 4;
}

/** A message body: text, buttons, an embed with a picture (a URL, or the PNG attached). */
export interface DiscordMessage {
  readonly content: string;
  /** Rows of buttons (Discord: up to 5 rows of 5). */
  readonly buttons?: readonly (readonly DiscordButton[])[];
  readonly embed?: { readonly title?: string; readonly url?: string; readonly image?: string };
  readonly png?: Uint8Array<ArrayBuffer>;
  readonly ephemeral?: boolean;
}

export interface DiscordResult {
  readonly ok: boolean;
  readonly status: number;
  readonly error?: string;
}

/** Text in a code block, so a board lines up; cut to Discord's limit. */
export const codeBlock = (text: string) => {
  const room = MAX_CONTENT - 10;
  return '```\n' + (text.length > room ? `${text.slice(0, room - 2)}\n…` : text).replace(/```/g, "'''") + '\n```';
};

/** The JSON of a message as Discord takes it (an interaction answer's `data`, a webhook body). */
export function messageJson(m: DiscordMessage): Record<string, unknown> {
  const image = m.png ? 'attachment://board.png' : m.embed?.image;
  const embed =
    m.embed || m.png
      ? { ...(m.embed?.title ? { title: m.embed.title } : {}), ...(m.embed?.url ? { url: m.embed.url } : {}), ...(image ? { image: { url: image } } : {}) }
      : undefined;
  return {
    content: m.content.slice(0, MAX_CONTENT),
    ...(embed ? { embeds: [embed] } : {}),
    components: (m.buttons ?? [])
      .filter((row) => row.length)
      .slice(0, 5)
      .map((row) => ({ type: 1, components: row.slice(0, 5).map((b) => ({ type: 2, style: b.style, label: b.label, custom_id: b.customId })) })),
    ...(m.png ? { attachments: [{ id: 0, filename: 'board.png' }] } : {}),
    ...(m.ephemeral ? { flags: 64 } : {}),
    // Never ping anyone from text that may hold a player's words.
    allowed_mentions: { parse: [] },
  };
}

export class DiscordApi {
  constructor(
    private readonly base: string = DISCORD_API,
    private readonly botToken?: string,
  ) {}

  static from(config: { apiBase?: string | undefined; botToken?: string | undefined }): DiscordApi {
    return new DiscordApi(config.apiBase, config.botToken);
  }

  get canSendDirect(): boolean {
    return Boolean(this.botToken);
  }

  private async send(method: string, path: string, m: DiscordMessage | Record<string, unknown>, auth: boolean): Promise<DiscordResult & { json?: unknown }> {
    const json = 'content' in m && typeof m.content === 'string' ? messageJson(m as DiscordMessage) : m;
    const png = (m as DiscordMessage).png;
    let body: BodyInit;
    const headers: Record<string, string> = auth && this.botToken ? { authorization: `Bot ${this.botToken}` } : {};
    if (png) {
      const form = new FormData();
      form.set('payload_json', JSON.stringify(json));
      form.set('files[0]', new File([png], 'board.png', { type: 'image/png' }));
      body = form;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }
    let res: Response;
    try {
      res = await fetch(`${this.base.replace(/\/+$/, '')}${path}`, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      return { ok: false, status: 0, error: e instanceof Error ? e.message : String(e) };
    }
    const text = await res.text();
    if (!res.ok) return { ok: false, status: res.status, error: `Discord answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}` };
    try {
      return { ok: true, status: res.status, json: text ? JSON.parse(text) : undefined };
    } catch {
      return { ok: true, status: res.status };
    }
  }

  /** Replace the deferred answer of an interaction ("thinking…") with the real one. */
  editOriginal(applicationId: string, interactionToken: string, m: DiscordMessage): Promise<DiscordResult> {
    return this.send('PATCH', `/webhooks/${applicationId}/${interactionToken}/messages/@original`, m, false);
  }

  /** A direct message to a user: open (or find) the DM channel, then post in it. */
  async direct(userId: string, m: DiscordMessage): Promise<DiscordResult> {
    if (!this.botToken) return { ok: false, status: 0, error: 'DISCORD_BOT_TOKEN is not set' };
    const channel = await this.send('POST', '/users/@me/channels', { recipient_id: userId }, true);
    const id = (channel.json as { id?: string } | undefined)?.id;
    if (!channel.ok || !id) return { ok: false, status: channel.status, error: channel.error ?? 'Discord gave no DM channel' };
    return this.send('POST', `/channels/${id}/messages`, m, true);
  }
}
