// The Telegram Bot API over plain fetch: one method call, JSON or multipart (a PNG photo).
// The base URL is TELEGRAM_API_BASE (tests point it at a stand-in); the token is TELEGRAM_BOT_TOKEN.

export const TELEGRAM_API = 'https://api.telegram.org';
const TIMEOUT_MS = 10_000;

/** An inline keyboard: rows of buttons whose callback_data comes back in a callback_query. */
export type InlineKeyboard = { text: string; callback_data: string }[][];

export interface TelegramResult {
  readonly ok: boolean;
  readonly status: number;
  readonly description?: string;
  readonly result?: unknown;
  /** ResponseParameters: how long to wait after a 429; the supergroup a group became (a 400). */
  readonly parameters?: { readonly retry_after?: number; readonly migrate_to_chat_id?: number };
}

export class TelegramApi {
  constructor(
    private readonly token: string,
    private readonly base: string = TELEGRAM_API,
  ) {}

  static from(config: { token?: string | undefined; apiBase?: string | undefined }): TelegramApi | undefined {
    return config.token ? new TelegramApi(config.token, config.apiBase) : undefined;
  }

  private url(method: string) {
    return `${this.base.replace(/\/+$/, '')}/bot${this.token}/${method}`;
  }

  /** One Bot API method; a network failure reads as an answer with status 0. */
  async call(method: string, body: Record<string, unknown> | FormData): Promise<TelegramResult> {
    let res: Response;
    try {
      res = await fetch(this.url(method), {
        method: 'POST',
        ...(body instanceof FormData ? { body } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      return { ok: false, status: 0, description: e instanceof Error ? e.message : String(e) };
    }
    const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; description?: string; result?: unknown; parameters?: TelegramResult['parameters'] };
    return {
      ok: res.ok && answer.ok === true,
      status: res.status,
      ...(answer.description ? { description: answer.description } : {}),
      ...(answer.result === undefined ? {} : { result: answer.result }),
      ...(answer.parameters && typeof answer.parameters === 'object' ? { parameters: answer.parameters } : {}),
    };
  }

  /** A text in a monospaced block (boards line up), with an optional inline keyboard. */
  sendText(chatId: string, text: string, keyboard?: InlineKeyboard): Promise<TelegramResult> {
    return this.call('sendMessage', {
      chat_id: chatId,
      text: pre(text),
      parse_mode: 'HTML',
      ...(keyboard?.length ? { reply_markup: { inline_keyboard: keyboard } } : {}),
    });
  }

  /** A PNG picture with a caption (at most 1024 characters), uploaded as multipart. */
  sendPhoto(chatId: string, png: Uint8Array<ArrayBuffer>, caption: string, keyboard?: InlineKeyboard): Promise<TelegramResult> {
    const form = new FormData();
    form.set('chat_id', chatId);
    form.set('caption', caption.slice(0, 1024));
    form.set('photo', new File([png], 'board.png', { type: 'image/png' }));
    if (keyboard?.length) form.set('reply_markup', JSON.stringify({ inline_keyboard: keyboard }));
    return this.call('sendPhoto', form);
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Telegram's HTML mode: the whole text in <pre>, cut to fit the 4096-character limit. */
export const pre = (text: string) => `<pre>${escapeHtml(text.length > 3900 ? `${text.slice(0, 3900)}\n…` : text)}</pre>`;
