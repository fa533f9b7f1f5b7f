// The server-rendered parts of the game page a newcomer relies on: the board from the
// reader's own side, an earlier position without JavaScript, the rules link and board
// key, and the notification settings form (email; webhook secret shown once).
import { describe, expect, it } from 'vitest';
import { BASE, call, form, newGame, play, typedTagOf } from './helpers.ts';

/** The vertical position (SVG y) of a cell's square in a page's board. */
function cellY(html: string, cell: string): number {
  const m = new RegExp(`<g data-cell="${cell}"[^>]*><rect x="[\\d.]+" y="([\\d.]+)"`).exec(html);
  if (!m) throw new Error(`no ${cell} in the page`);
  return Number(m[1]);
}

describe('game page for a newcomer', () => {
  it("shows the board from the reader's side, turns it round on request, and links the rules and the board key", async () => {
    const g = await newGame('warp-factor');
    const white = await call('GET', `/games/${g.id}?token=${g.tokens.white}`);
    const black = await call('GET', `/games/${g.id}?token=${g.tokens.black}`);
    expect(cellY(white.text, 'Bb2')).toBeLessThan(cellY(white.text, 'Wb2'));
    expect(cellY(black.text, 'Bb2')).toBeGreaterThan(cellY(black.text, 'Wb2'));
    expect(black.text).toContain('data-from="black"');
    const turned = await call('GET', `/games/${g.id}?token=${g.tokens.black}&from=white`);
    expect(cellY(turned.text, 'Bb2')).toBeLessThan(cellY(turned.text, 'Wb2'));
    expect(black.text).toContain('href="/rules/warp-factor"');
    expect(black.text).toContain('How to read this board');
    expect((await call('GET', `/games/${g.id}?from=sideways`)).status).toBe(400);
  });

  it('shows an earlier position on the page itself, and the move list links there', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3', 'white');
    await play(g, 'Bb3-Bb2', 'black');
    const now = await call('GET', `/games/${g.id}`);
    expect(now.text).toContain(`href="/games/${g.id}?ply=1" data-ply="1"`);
    const earlier = await call('GET', `/games/${g.id}?ply=1`);
    expect(earlier.status).toBe(200);
    expect(earlier.text).toContain('after ply 1 of 2');
    // The picture's description lists the pieces: Black's pawn is still on Bb3 after ply 1 only.
    expect(earlier.text).toMatch(/Black: [^.]*pawns [^.;]*Bb3/);
    expect(now.text).not.toMatch(/Black: [^.]*pawns [^.;]*Bb3/);
  });

  it('saves an email address from the settings form, and shows a new webhook secret once', async () => {
    const g = await newGame('planar');
    const page = await call('GET', `/games/${g.id}?token=${g.tokens.black}`);
    expect(page.text).toContain('id="settings-form"');
    const saved = await form(`/games/${g.id}/settings`, { token: g.tokens.black, email: 'worf@example.com', webhook: '' });
    expect(saved.status).toBe(303);
    const back = await call('GET', new URL(saved.headers.get('Location')!, BASE).pathname + new URL(saved.headers.get('Location')!, BASE).search);
    expect(back.text).toContain('Notifications saved: emails go to worf@example.com');
    const me = await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black });
    expect(me.body.email).toBe('worf@example.com');

    const bad = await form(`/games/${g.id}/settings`, { token: g.tokens.black, email: `${'x'.repeat(250)}@example.com`, webhook: '' });
    expect(bad.status).toBe(303);
    expect(decodeURIComponent(bad.headers.get('Location')!)).toMatch(/error=/);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.email).toBe('worf@example.com');
    // Not an address at all: refused as the API refuses it (it was saved).
    const notAddress = await form(`/games/${g.id}/settings`, { token: g.tokens.black, email: 'notanemail', webhook: '' });
    expect(new URL(notAddress.headers.get('Location')!, BASE).searchParams.get('error')).toBe(
      'Notifications not saved: the email address must be an email address, like kirk@example.org',
    );
    expect((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.email).toBe('worf@example.com');
    // The webhook's refusal (the service's) in the same words as the email's (the form's): tester 18 Y10.
    const notHttps = await form(`/games/${g.id}/settings`, { token: g.tokens.black, email: 'worf@example.com', webhook: 'http://hooks.example.com/x' });
    expect(new URL(notHttps.headers.get('Location')!, BASE).searchParams.get('error')).toBe('Notifications not saved: the webhook URL must be an https:// URL');
    const tooLong = await form(`/games/${g.id}/settings`, { token: g.tokens.black, email: 'worf@example.com', webhook: `https://${'x'.repeat(2000)}.example` });
    expect(new URL(tooLong.headers.get('Location')!, BASE).searchParams.get('error')).toBe(
      'Notifications not saved: the webhook URL must be at most 2000 characters',
    );

    const hooked = await form(`/games/${g.id}/settings`, { token: g.tokens.black, email: 'worf@example.com', webhook: 'https://hooks.example.com/subspace' });
    expect(hooked.status).toBe(200);
    const secret = /id="secret" readonly="" value="([^"]+)"/.exec(hooked.text)?.[1];
    expect(secret).toBeTruthy();
    const again = await call('GET', `/games/${g.id}?token=${g.tokens.black}`);
    expect(again.text).not.toContain(secret!);

    const stranger = await form(`/games/${g.id}/settings`, { token: 'x'.repeat(32), email: 'a@example.com' });
    expect(stranger.status).toBe(303);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.email).toBe('worf@example.com');
  });

  it('has a Hint button in practice games only; it puts the suggestion in the move box, previewed', async () => {
    const practice = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { computer: 2 } });
    const own = `/games/${practice.id}?token=${practice.tokens.white}`;
    // A button of the move form's, so a page load without the script keeps the message typed (tester 16 R2).
    expect((await call('GET', own)).text).toMatch(
      /<button type="submit" form="move-form" name="do" value="hint" formmethod="get" formaction="\/games\/\w+" class="secondary" id="hint-btn">Hint<\/button>/,
    );
    const hinted = await call('GET', `${own}&do=hint&typed=${typedTagOf((await call('GET', own)).text)}`);
    expect(hinted.status).toBe(200);
    const move = /data-hint="([^"]+)"/.exec(hinted.text)?.[1];
    const legal = (await call('GET', `/api/games/${practice.id}/legal`)).body.legal as string[];
    expect(legal).toContain(move);
    expect(hinted.text).toMatch(new RegExp(`<input type="text" id="move" name="move" class="move" value="${move}"`));
    expect(hinted.text).toContain(`Preview of <code>${move}</code>`);
    // The same suggestion as the API's (same game, same ply, same search).
    expect((await call('GET', `/api/games/${practice.id}/hint`, { token: practice.tokens.white })).body.move).toBe(move);
    // Not for spectators; not in a game between two humans unless both chose hints.
    expect((await call('GET', `/games/${practice.id}`)).text).not.toContain('hint-btn');
    const humans = await newGame('warp-factor');
    const humansPage = `/games/${humans.id}?token=${humans.tokens.white}`;
    const plain = await call('GET', `${humansPage}&do=hint&typed=${typedTagOf((await call('GET', humansPage)).text)}`);
    expect(plain.status).toBe(200);
    expect(plain.text).not.toMatch(/hint-btn|data-hint|id="hint"/);
    const agreed = await newGame('planar', { hints: true });
    expect((await call('GET', `/games/${agreed.id}?token=${agreed.tokens.white}`)).text).toContain('id="hint-btn">');
    // Black waits: the button is there but off until it is their turn.
    expect((await call('GET', `/games/${agreed.id}?token=${agreed.tokens.black}`)).text).toContain('id="hint-btn" disabled="">');
  });
});
