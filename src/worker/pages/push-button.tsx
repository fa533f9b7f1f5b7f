// The Subscribe button of Web Push (on /me for a player, on the game page for a seat). Hidden
// until /static/push.js finds a browser that can take push notifications, and so are its words
// (without the script they would describe a button that is not there).

export const PushButton = (p: { api: string; token?: string; what: string }) => (
  <div class="push">
    <button type="button" id="push-button" data-api={p.api} data-token={p.token} hidden>
      Notify me in this browser
    </button>{' '}
    <span class="hint" hidden>
      {p.what}
    </span>{' '}
    <span id="push-status" role="status"></span>
    <script src="/static/push.js" defer></script>
  </div>
);
