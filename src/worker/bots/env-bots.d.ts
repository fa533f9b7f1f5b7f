// Bindings of the chat bots (docs/bots.md). Secrets: `wrangler secret put`; `npm start` passes
// them from its environment when set.
declare namespace Cloudflare {
  interface Env {
    /** The Discord application's public key (hex): every interaction's Ed25519 signature is checked against it. */
    DISCORD_PUBLIC_KEY?: string;
    /** The bot's token: direct messages (turn notifications) to linked Discord users. */
    DISCORD_BOT_TOKEN?: string;
    /** Discord's API (default https://discord.com/api/v10; tests point it at a stand-in). */
    DISCORD_API_BASE?: string;
    /** Must equal the X-Telegram-Bot-Api-Secret-Token header of every webhook update (set by npm run telegram:set-webhook). */
    TELEGRAM_SECRET?: string;
    /** The Telegram bot's token (from @BotFather). */
    TELEGRAM_BOT_TOKEN?: string;
    /** The Bot API (default https://api.telegram.org; tests point it at a stand-in). */
    TELEGRAM_API_BASE?: string;
    /** The bot's user name, for the t.me deep link on /me. */
    TELEGRAM_BOT_NAME?: string;
  }
}
