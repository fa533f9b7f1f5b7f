// Notification choices have pages (tester's finding): /me's "What you are told" form does what
// PATCH /api/me/notify does, and a game whose emails are off (an email's unsubscribe link) has a
// button on its page that turns them back on.
import { describe, expect, it } from 'vitest';
import { call, form, location } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

const cookie = (key: string) => ({ Cookie: `subspace_key=${key}` });
const formOf = (html: string, id: string) => {
  const at = html.indexOf(`id="${id}"`);
  return at < 0 ? '' : html.slice(html.lastIndexOf('<form', at), html.indexOf('</form>', at));
};

describe('/me: what you are told', () => {
  it('the form shows the choices in force and saves them as PATCH /api/me/notify does (an unticked box is off)', async () => {
    const kor = await newPlayer('Kor');
    const shown = formOf((await call('GET', '/me', { headers: cookie(kor.key) })).text, 'notify-form');
    expect(shown).toContain('action="/me/notify"');
    expect(shown).toMatch(/name="email" value="1" checked/);
    expect(shown).toMatch(/name="event-turn" value="1" checked/);
    expect(shown).toContain('<option value="">one for each event</option>');

    const fields = { email: '1', push: '1', 'event-turn': '1', 'event-game-over': '1', 'event-draw-offer': '1', digest: '24' };
    const saved = await form('/me/notify', fields, undefined, cookie(kor.key));
    expect(saved.status).toBe(303);
    expect(location(saved).pathname + location(saved).search + location(saved).hash).toBe('/me?notify=saved#notify-form');
    const choices = (await call('GET', '/api/me/notify', { token: kor.key })).body;
    expect(choices).toMatchObject({ email: true, webhook: false, push: true, events: ['turn', 'game-over', 'draw-offer'], digestHours: 24 });

    const again = await call('GET', '/me?notify=saved', { headers: cookie(kor.key) });
    const now = formOf(again.text, 'notify-form');
    expect(now).not.toMatch(/name="webhook" value="1" checked/);
    expect(now).not.toMatch(/name="event-message" value="1" checked/);
    expect(now).toMatch(/<option value="24" selected/);
    expect(again.text).toContain('Saved.');
    // Back to an email per event; a digest the API does not take is refused in words.
    await form('/me/notify', { ...fields, digest: '' }, undefined, cookie(kor.key));
    expect((await call('GET', '/api/me/notify', { token: kor.key })).body.digestHours).toBeNull();
    const bad = await form('/me/notify', { ...fields, digest: '500' }, undefined, cookie(kor.key));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Emails');
    expect((await form('/me/notify', fields)).status).toBe(403);
  });
});

describe("a game's emails turned off", () => {
  it('its page (signed in, or by seat link) says so with a button that turns them back on; the /me link leads to the choices', async () => {
    const kor = await newPlayer('Kor', 'kor@example.org');
    const worf = await newPlayer('Worf');
    const { game } = await startGame(kor, worf, { variant: 'warp-factor', color: 'white' });
    const page = async () => (await call('GET', `/games/${game.id}`, { headers: cookie(kor.key) })).text;
    expect(await page()).not.toContain('id="email-on-form"');
    expect(await page()).toContain('href="/me#notify-form"');
    // What an email's unsubscribe link stores: the seat's own email choice off.
    expect((await call('PATCH', `/api/games/${game.id}/me`, { token: kor.key, json: { notify: { email: false } } })).status).toBe(200);
    const off = formOf(await page(), 'email-on-form');
    expect(off).toContain(`action="/games/${game.id}/email-on"`);
    expect(off).toContain('Email me about this game again');
    const on = await form(`/games/${game.id}/email-on`, {}, undefined, cookie(kor.key));
    expect(on.status).toBe(303);
    expect(location(on).searchParams.get('ok')).toBe('Emails about this game go to kor@example.org again.');
    expect((await call('GET', `/api/games/${game.id}/me`, { token: kor.key })).body.notify.email).toBe(true);
    expect(await page()).not.toContain('id="email-on-form"');
  });
});
