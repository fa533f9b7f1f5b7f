// Email: notifications through the send_email binding (board as text, link, reply
// address, unsubscribe), and reply-to-play through the Worker's email handler with
// raw RFC 5322 messages.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/worker/index.ts';
import { call, newGame } from './helpers.ts';
import { captureQueue, confirmAddresses, inboundEmail, runQueue } from './notify-helpers.ts';
import { positionKey } from '../../src/service/public-state.ts';
import { emailHtml, emailText } from '../../src/notify/messages.ts';
import type { EventData } from '../../src/notify/types.ts';

// The addresses these tests mail were confirmed by their owners (address-confirmation.test.ts tests that step).
beforeEach(() => confirmAddresses('kirk@example.org', 'kor@example.org', 'x@example.org'));

const mutableEnv = env as { REPLY_SECRET?: string };
beforeAll(() => {
  mutableEnv.REPLY_SECRET = 'test-reply-secret';
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function mailGame() {
  return newGame('warp-factor', { white: { name: 'Kirk', email: 'kirk@example.org' }, black: { name: 'Kor', email: 'kor@example.org' } });
}

async function deliverEmails(jobs: Parameters<typeof runQueue>[0]) {
  const sent: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const EMAIL = { send: async (m: unknown) => (sent.push(m), { messageId: `m${sent.length}` }) } as unknown as SendEmail;
  const result = await runQueue(jobs, 1, 'subspace-notify', { ...env, EMAIL });
  return { sent, result };
}

async function replyAddressOf(id: string, token: string): Promise<string> {
  const me = await call('GET', `/api/games/${id}/me`, { token });
  return me.body.replyTo;
}

async function sendEmail(raw: string, from: string, to: string) {
  const mail = inboundEmail(raw, from, to);
  await worker.email(mail.message, env, createExecutionContext());
  return mail;
}

describe('notification emails', () => {
  it('a message sent with a move reaches a seat that hears messages but not turns, as a message (tester 5 F7)', async () => {
    const queue = captureQueue();
    const g = await mailGame();
    queue.take(); // the game-start mails
    const chose = await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { notify: { events: ['game-over', 'message'] } } });
    expect(chose.status).toBe(200);
    queue.take();
    await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', message: 'hello with the move' }, token: g.tokens.white });
    const jobs = queue.take();
    expect(jobs.map((j) => `${j.event}:${j.side}:${j.channel}`)).toEqual(['message:black:email']);
    const { sent } = await deliverEmails(jobs);
    expect(sent.map((m) => m.to)).toEqual(['kor@example.org']);
    expect(sent[0].text).toContain('hello with the move');
    // A turn without a message stays off for that seat; White, who chose nothing, hears Black's turn.
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    queue.take();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wc2-Wc3', token: g.tokens.white });
    expect(queue.take().filter((j) => j.side === 'black')).toEqual([]);
  });

  it('a turn email: board as text, link, reply address, unsubscribe link and header', async () => {
    const queue = captureQueue();
    const g = await mailGame();
    queue.take(); // the game-start mails
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const jobs = queue.take();
    expect(jobs.map((j) => `${j.event}:${j.side}:${j.channel}`)).toEqual(['turn:black:email']);
    const { sent, result } = await deliverEmails(jobs);
    expect(result.explicitAcks).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    const replyTo = await replyAddressOf(g.id, g.tokens.black);
    expect(replyTo).toMatch(new RegExp(`^play\\+${g.id}\\.black\\.[0-9a-f]{16}@subspace\\.example$`));
    expect(mail).toMatchObject({ from: 'games@subspace.example', to: 'kor@example.org', replyTo });
    // One subject for the whole game, so Gmail and Outlook thread it (tester 12 E24); what happened is the preheader.
    expect(mail.subject).toBe(`[Subspace] Warp Factor game ${g.id}: you play Black`);
    expect(mail.html).toMatch(
      new RegExp(`^<!DOCTYPE html><html><body[^>]*>\\n<div style="display:none[^"]*">Your move in Warp Factor game ${g.id}: White played Wb2-Wb3</div>`),
    );
    expect(mail.text).toContain('Kirk (White) played Wb2-Wb3 (ply 1).');
    expect(mail.text).toContain('B level     N level     W level');
    expect(mail.text).toMatch(/You have \d+ legal turns\./);
    expect(mail.text).toContain(`http://subspace.test/games/${g.id}`);
    // The example in "reply with your turn" is one of Black's legal turns here (from the engine),
    // only ever inside a sentence: no line of the email reads as a turn when quoted back.
    const example = /\(for example (\S+), or \S+ #2 to make sure/.exec(mail.text)?.[1];
    expect((await call('GET', `/api/games/${g.id}/legal`)).body.legal).toContain(example);
    expect(mail.text.split('\n').map((l: string) => l.trim())).not.toContain(example);
    // The marker line on top says where the quote starts and which ply the email showed.
    expect(mail.text.split('\n')[0]).toMatch(new RegExp(`^## Subspace ${g.id} ply 1 [0-9a-f]{8}: reply above ##$`));
    // A newcomer finds the rules from the mail itself.
    expect(mail.text).toContain('The rules, with diagrams: http://subspace.test/rules/warp-factor');
    expect(mail.html).toContain('<a href="http://subspace.test/rules/warp-factor">The rules of Warp Factor, with diagrams</a>');
    const unsubscribe = /<(http:\/\/subspace\.test\/unsubscribe\?[^>]+)>/.exec(mail.headers['List-Unsubscribe'])![1]!;
    expect(mail.text).toContain(unsubscribe);
    // Not to be answered by vacation responders; threaded with the seat's other mails of the game.
    expect(mail.headers).toMatchObject({
      'Auto-Submitted': 'auto-generated',
      References: `<game.${g.id}.black@subspace.example>`,
      'In-Reply-To': `<game.${g.id}.black@subspace.example>`,
    });
    // The HTML part shows the board as a PNG of this very ply, which the Worker serves.
    const image = `http://subspace.test/api/games/${g.id}/board.png?ply=1&at=${positionKey((await call('GET', `/api/games/${g.id}`)).body.position)}`;
    expect(mail.html).toContain(`<img src="${image.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('Kirk (White) played Wb2-Wb3 (ply 1).');
    expect(mail.html).toContain(`<a href="${unsubscribe.replace(/&/g, '&amp;')}">`);
    const picture = await call('GET', image.replace('http://subspace.test', ''));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('Content-Type')).toBe('image/png');

    // The unsubscribe link turns that player's emails off (and a forged or cut one does nothing):
    // opened, it shows a button (a mail scanner unsubscribes nobody); pressed, or posted by the
    // mail client (one-click), it turns them off.
    const path = unsubscribe.replace('http://subspace.test', '');
    const forged = await call('GET', path.replace(/t=[0-9a-f]{16}/, 't=0000000000000000'));
    expect([forged.status, forged.text]).toEqual([403, 'This unsubscribe link is not valid: copy the whole link from the mail.\n']);
    const cut = await call('GET', path.slice(0, -1), { headers: { Accept: 'text/html' } });
    expect([cut.status, cut.headers.get('Content-Type')]).toEqual([403, 'text/html; charset=UTF-8']);
    expect(cut.text).toContain('Unsubscribe link not valid');
    const shown = await call('GET', path, { headers: { Accept: 'text/html' } });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<button type="submit">Stop the emails</button>');
    expect((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.notify.email).toBe(true);
    const off = await call('POST', path, { headers: { Accept: 'text/html' } });
    expect(off.status).toBe(200);
    expect(off.text).toContain(`href="/games/${g.id}"`);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.notify.email).toBe(false);
    // A mail client's one-click (no browser) gets the same in words, the side named as everywhere.
    expect((await call('POST', path)).text).toMatch(new RegExp(`^Done: no more notification emails for Black in game ${g.id}\\.`));
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wa2-Wa3', token: g.tokens.white });
    expect(queue.take().map((j) => `${j.event}:${j.side}`)).toEqual(['turn:white']);
    // The page that said it was done has the way back, for a player who has only their mail (tester 12 E6).
    const again = /<form method="post" action="([^"]*scope=again[^"]*)">/.exec(off.text)![1]!.replaceAll('&amp;', '&');
    const on = await call('POST', again, { headers: { Accept: 'text/html' } });
    expect(on.status).toBe(200);
    expect(on.text).toContain(`Done: notification emails for Black in game ${g.id} are on again.`);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.notify.email).toBe(true);
    expect((await call('POST', again.replace(/t=[0-9a-f]{16}/, 't=0000000000000000'))).status).toBe(403);
  });

  it('a turn email of a game with a clock says the deadline, in text and HTML, as push and chat write it (tester 3 F1)', async () => {
    const queue = captureQueue();
    const g = await newGame('warp-factor', {
      white: { name: 'Kirk', email: 'kirk@example.org' },
      black: { name: 'Kor', email: 'kor@example.org' },
      clock: { daysPerMove: 1 },
    });
    // Made with both addresses: each seat hears the game has started, White with its deadline and a mail to reply to (tester 12 E18).
    const started = (await deliverEmails(queue.take())).sent;
    expect(started.map((m) => m.to).sort()).toEqual(['kirk@example.org', 'kor@example.org']);
    const white = started.find((m) => m.to === 'kirk@example.org');
    expect(white.subject).toBe(`[Subspace] Warp Factor game ${g.id}: you play White`);
    expect(white.html).toContain(`>New Warp Factor game ${g.id} against Kor (Black): you play White</div>`);
    expect(white.text).toMatch(/^## Subspace \S+ ply 0 [0-9a-f]{8}: reply above ##/);
    expect(white.text).toContain('Your new game against Kor (Black) has started. You play White.');
    expect(white.text).toMatch(/Deadline \d{4}-\d\d-\d\d \d\d:\d\d UTC \(1 day per move\)\./);
    expect(white.replyTo).toMatch(/^play\+/);
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const deadline = (await call('GET', `/api/games/${g.id}`)).body.clock.deadline as string;
    const words = `Deadline ${deadline.slice(0, 16).replace('T', ' ')} UTC (1 day per move).`;
    const { sent } = await deliverEmails(queue.take());
    const mail = sent.find((m) => m.to === 'kor@example.org');
    expect(mail.text).toContain(`Kirk (White) played Wb2-Wb3 (ply 1).\n${words}`);
    expect(mail.html).toContain(`<p>${words}</p>`);
    // The chat's board answer writes the same line.
    const board = await call('POST', `/api/games/${g.id}/chat`, { text: 'board', token: g.tokens.black });
    expect(board.body.reply).toContain(`\n${words}\n`);
  });

  it('the game-start email says the clock, and the deadline to the player who moves first (tester 3 F1)', () => {
    const data = {
      gameId: 'g1',
      variant: 'warp-factor',
      you: 'white',
      ply: 0,
      status: 'active',
      sideToMove: 'white',
      result: '*',
      reason: null,
      winner: null,
      check: false,
      lastMove: null,
      position: 'x',
      board: '(board)',
      legalCount: 20,
      drawOffer: null,
      pause: null,
      pauseOffer: null,
      deadline: '2026-11-29T16:48:12.000Z',
      daysPerMove: 1,
      players: { white: 'Kirk', black: 'Kor' },
      link: 'https://subspace.example/games/g1',
      image: 'https://subspace.example/g1.png',
    } as const satisfies EventData;
    const links = { replyTo: 'play@x', unsubscribe: null };
    expect(emailText('game-start', data, links)).toContain('You play White.\nDeadline 2026-11-29 16:48 UTC (1 day per move).\n');
    expect(emailHtml('game-start', data, links)).toContain('<p>Deadline 2026-11-29 16:48 UTC (1 day per move).</p>');
    expect(emailText('game-start', { ...data, you: 'black' }, links)).toContain('You play Black.\nThe clock: 1 day per move.\n');
    expect(emailText('game-start', { ...data, daysPerMove: undefined, deadline: null }, links)).not.toMatch(/clock|Deadline/);
  });

  it('game over goes to both; the simulated binding (local fallback) accepts the message', async () => {
    const queue = captureQueue();
    const g = await mailGame();
    queue.take(); // the game-start mails
    await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.white });
    const jobs = queue.take();
    expect(jobs.map((j) => `${j.event}:${j.side}`)).toEqual(['game-over:white', 'game-over:black']);
    const { sent } = await deliverEmails(jobs);
    expect(sent.map((m: { subject: string }) => m.subject)).toEqual([
      `[Subspace] Warp Factor game ${g.id}: you play White`,
      `[Subspace] Warp Factor game ${g.id}: you play Black`,
    ]);
    expect(sent[0].html).toContain('Kor (Black) won by resignation (0-1)');
    // The real (simulated) send_email binding: writes the message under .wrangler/tmp.
    const result = await runQueue(jobs, 1);
    expect(result.explicitAcks).toHaveLength(2);
    const log = await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.white });
    expect(log.body.deliveries[0]).toMatchObject({ channel: 'email', event: 'game-over', status: 'delivered' });
  });
});

const headers = (from: string, to: string, subject: string, extra = '') =>
  `From: Kor <${from}>\nTo: ${to}\nSubject: ${subject}\nMessage-ID: <${crypto.randomUUID()}@example.org>\nDate: Sun, 22 Nov 2026 10:00:00 +0000\nMIME-Version: 1.0\n${extra}`;

describe('reply-to-play', () => {
  it('plays the first own line of a plain reply with quoted history, and answers', async () => {
    const g = await mailGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const to = await replyAddressOf(g.id, g.tokens.black);
    const raw = `${headers('kor@example.org', to, 'Re: [Subspace] Your move')}Content-Type: text/plain; charset=utf-8

Hello Kirk,

Bb3-Bb2

Qapla'!

On Sun, 22 Nov 2026 at 09:00, Subspace <${to}> wrote:
> It is your move as Black.
> Wa2-Wa3
`;
    const mail = await sendEmail(raw, 'kor@example.org', to);
    expect(mail.rejected).toEqual([]);
    expect(mail.replies).toHaveLength(1);
    expect(mail.replies[0]).toMatchObject({ from: to, subject: 'Re: [Subspace] Your move' });
    // Threaded under the player's mail, and marked as the service's answer (no auto-reply comes back).
    const theirs = /^Message-ID: (<[^>]+>)$/m.exec(raw)![1]!;
    expect(mail.replies[0]!.headers).toEqual({ 'Auto-Submitted': 'auto-replied', 'In-Reply-To': theirs, References: theirs });
    expect(mail.replies[0]!.text).toContain('You played Bb3-Bb2 (ply 2).');
    expect(mail.replies[0]!.text).toContain('White to move');
    expect(mail.replies[0]!.text).not.toContain("It is White's turn.");
    // With an HTML part whose board keeps its columns (a <pre>), as clients show plain text in a proportional font (tester 12 E25).
    const board = mail.replies[0]!.text!.split('\n\n').find((p) => p.startsWith('B level'))!;
    expect(mail.replies[0]!.html).toContain(`<pre style="font-size:13px">${board.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</pre>`);
    expect(mail.replies[0]!.html).toContain('<p>You played Bb3-Bb2 (ply 2).');
    const state = await call('GET', `/api/games/${g.id}`);
    expect(state.body.lastMove).toMatchObject({ ply: 2, side: 'black', text: 'Bb3-Bb2' });
  });

  it('reads HTML-only mail (quoted history in a blockquote ignored)', async () => {
    const g = await mailGame();
    const to = await replyAddressOf(g.id, g.tokens.white);
    const raw = `${headers('kirk@example.org', to, 'Re: game')}Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<html><head><style>p{color:red}</style></head><body><div dir=3D"ltr">Here goes:<br><b>Wb2-Wb3</b></div>
<blockquote class=3D"quote">Wa2-Wa3</blockquote></body></html>
`;
    const mail = await sendEmail(raw, 'kirk@example.org', to);
    expect(mail.replies[0]!.text).toContain('You played Wb2-Wb3 (ply 1).');
  });

  it('prefers text/plain in multipart/alternative (base64, quoted-printable)', async () => {
    const g = await mailGame();
    const to = await replyAddressOf(g.id, g.tokens.white);
    const raw = `${headers('kirk@example.org', to, '=?utf-8?B?UmU6IFp1Zw==?=')}Content-Type: multipart/alternative;
 boundary="XYZ"

--XYZ
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

${btoa('move Wd1-Wc3\n\n> quoted\n')}
--XYZ
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<p>Wb2-Wb3</p>
--XYZ--
`;
    const mail = await sendEmail(raw, 'kirk@example.org', to);
    expect(mail.replies[0]!.subject).toBe('Re: Zug');
    expect(mail.replies[0]!.text).toContain('You played Wd1-Wc3 (ply 1).');
  });

  it('reads the body, not a text file attached inline (Apple Mail): its turns neither count nor play', async () => {
    const g = await mailGame();
    const to = await replyAddressOf(g.id, g.tokens.white);
    const mixed = (body: string) => `${headers('kirk@example.org', to, 'Re: game')}Content-Type: multipart/mixed; boundary="M"

--M
Content-Type: text/plain; charset=utf-8

${body}
--M
Content-Type: text/plain; name="analysis.txt"
Content-Disposition: inline; filename="analysis.txt"

Candidate lines:
Wd1-Wc3
Wa2-Wa3
--M
Content-Type: image/png; name="board.png"
Content-Disposition: inline; filename="board.png"
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--M--
`;
    let mail = await sendEmail(mixed('See my analysis attached.'), 'kirk@example.org', to);
    expect(mail.replies[0]!.text).toContain('could not find a turn');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
    mail = await sendEmail(mixed('Wb2-Wb3\n\nSee my analysis attached.'), 'kirk@example.org', to);
    expect(mail.replies[0]!.text).toContain('You played Wb2-Wb3 (ply 1).');
  });

  it('answers an illegal turn with the reason and plays nothing', async () => {
    const g = await mailGame();
    const to = await replyAddressOf(g.id, g.tokens.white);
    const mail = await sendEmail(`${headers('kirk@example.org', to, 'move')}Content-Type: text/plain\n\nWc1-Wc3\n`, 'kirk@example.org', to);
    expect(mail.replies[0]!.text).toMatch(/^Could not play "Wc1-Wc3": Wc1-Wc3: a bishop/m);
    expect(mail.replies[0]!.text).toContain('Nothing was played.');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
  });

  it("answers when it is not the player's turn, or no turn is found; resign and draw by email", async () => {
    const g = await mailGame();
    const black = await replyAddressOf(g.id, g.tokens.black);
    const white = await replyAddressOf(g.id, g.tokens.white);
    let mail = await sendEmail(`${headers('kor@example.org', black, 'x')}\nBb3-Bb2\n`, 'kor@example.org', black);
    expect(mail.replies[0]!.text).toContain("it is White's turn, not yours");
    mail = await sendEmail(`${headers('kor@example.org', black, 'x')}\nThanks for the game!\n`, 'kor@example.org', black);
    expect(mail.replies[0]!.text).toContain('could not find a turn');
    mail = await sendEmail(`${headers('kor@example.org', black, 'x')}\nDraw.\n`, 'kor@example.org', black);
    expect(mail.replies[0]!.text).toContain('You offered a draw.');
    mail = await sendEmail(`${headers('kirk@example.org', white, 'x')}\naccept\n`, 'kirk@example.org', white);
    expect(mail.replies[0]!.text).toContain('The draw is agreed.');
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ status: 'finished', reason: 'agreement' });
  });

  it('rejects unknown and forged addresses; ignores auto-replies', async () => {
    const g = await mailGame();
    const real = await replyAddressOf(g.id, g.tokens.white);
    const forged = real.replace(/\.[0-9a-f]{16}@/, '.0123456789abcdef@');
    const swapped = real.replace('.white.', '.black.');
    for (const to of [forged, swapped, 'someone@subspace.example', `play+${g.id}.white@subspace.example`]) {
      const mail = await sendEmail(`${headers('x@example.org', to, 'x')}\nresign\n`, 'x@example.org', to);
      expect(mail.rejected, to).toHaveLength(1);
      // Said so a person knows what to do (tester 12 E16).
      if (to === 'someone@subspace.example') expect(mail.rejected[0]).toMatch(/^This address takes no mail: to play, reply to a game's own email/);
      expect(mail.replies).toHaveLength(0);
    }
    const auto = await sendEmail(`${headers('kirk@example.org', real, 'Out of office', 'Auto-Submitted: auto-replied\n')}\nresign\n`, 'kirk@example.org', real);
    expect(auto.replies).toHaveLength(0);
    // Responders that mark their mail otherwise (tester 12 E3), and a delivery report: no answer, nothing done.
    const sent = vi.spyOn(env.EMAIL!, 'send');
    for (const extra of [
      'Precedence: bulk\n',
      'Precedence: auto_reply\n',
      'X-Auto-Response-Suppress: All\n',
      'X-Autorespond: yes\n',
      'List-Id: <players.example.org>\n',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n',
    ]) {
      const ooo = await sendEmail(`${headers('kirk@example.org', real, 'Automatic reply', extra)}\nresign\n`, 'kirk@example.org', real);
      expect(ooo.replies, extra).toHaveLength(0);
      expect(ooo.rejected, extra).toHaveLength(0);
    }
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
    expect((await call('GET', `/api/games/${g.id}`)).body.status).toBe('active');
    // A person's mail that says "X-Auto-Response-Suppress: None" is read.
    const person = await sendEmail(
      `${headers('kirk@example.org', real, 'Re: your move', 'X-Auto-Response-Suppress: None\n')}\nboard\n`,
      'kirk@example.org',
      real,
    );
    expect(person.replies).toHaveLength(1);
  });
});
