// A player's notification settings: the form on the game page (the page that shows a new webhook's secret once is game-rare.tsx).
import type { PlayerSettings } from '../../notify/settings.ts';
import { PushButton } from './push-button.tsx';

/** Email and webhook for this player's notifications (works without JavaScript). */
export const SettingsForm = (p: { id: string; token: string; settings: PlayerSettings }) => (
  <details class="settings" id="settings">
    <summary>
      Notifications: {p.settings.email ? `emails to ${p.settings.email}` : 'none by email'}
      {p.settings.webhook ? ', webhook set' : ''}
    </summary>
    <PushButton api={`/api/games/${p.id}/push`} token={p.token} what="(Web Push for this game)" />
    <form method="post" action={`/games/${p.id}/settings`} id="settings-form">
      <input type="hidden" name="token" value={p.token} />
      <label for="notify-email">
        Email me when it is my turn <span class="hint">(leave blank for no emails)</span>
      </label>
      <input type="email" id="notify-email" name="email" autocomplete="email" maxlength={254} value={p.settings.email ?? ''} />
      <label for="notify-webhook">
        Webhook URL <span class="hint">(https; its signing secret is shown once)</span>
      </label>
      <input type="url" id="notify-webhook" name="webhook" maxlength={2000} value={p.settings.webhook ?? ''} />
      <div class="row">
        <button type="submit" id="settings-save">
          Save notifications
        </button>
      </div>
    </form>
  </details>
);

/** A seat link shared by mistake: a new one for this seat, the old one ended (POST /games/:id/new-link). */
export const SeatLinkForm = (p: { id: string; token: string }) => (
  <details class="settings" id="seat-link">
    <summary>Your link to this game</summary>
    <form method="post" action={`/games/${p.id}/new-link`} id="new-link-form" data-once>
      <input type="hidden" name="token" value={p.token} />
      <p>
        This page's address is your seat: anyone who has it can play for you. If you shared it by mistake, make a new one; the old link then stops working, and
        so does Web Push set up with it.
      </p>
      <button type="submit" id="new-link" class="secondary">
        Make a new link
      </button>
    </form>
  </details>
);

/**
 * This game's emails are off (an email's unsubscribe link, or the player's own choices) while the
 * seat has an address: a button turns them back on for this game (POST /games/:id/email-on).
 */
export const EmailsOff = (p: { id: string; token?: string | undefined; settings: PlayerSettings }) =>
  p.settings.email && !p.settings.notify.email ? (
    <form method="post" action={`/games/${p.id}/email-on`} id="email-on-form" class="msg info">
      {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
      <p>Emails about this game are off (an email's unsubscribe link turned them off, or your notification choices did).</p>
      <button type="submit">Email me about this game again</button>
    </form>
  ) : null;
