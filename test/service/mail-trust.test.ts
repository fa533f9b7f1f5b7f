// Reply-to-play can be trusted (issue 26): a turn is never read from quoted text (in the
// languages mail clients quote in), no line of our own email reads as a turn, only the seat's own
// address plays (and not when its mail system says authentication failed), each Message-ID once,
// a turn for an old position is refused, a turn below the quote is found, format=flowed and
// HTML-only mail read whole.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/worker/index.ts';
import { call, newGame } from './helpers.ts';
import { captureQueue, confirmAddresses, inboundEmail, runQueue } from './notify-helpers.ts';

// The addresses these tests mail were confirmed by their owners (address-confirmation.test.ts tests that step).
beforeEach(() => confirmAddresses('kirk@example.org', 'kor@example.org', 'mallory@example.net'));

beforeAll(() => {
  (env as { REPLY_SECRET?: string }).REPLY_SECRET = 'test-reply-secret';
});

const KOR = 'kor@example.org';

async function mailGame() {
  return newGame('warp-factor', { white: { name: 'Kirk', email: 'kirk@example.org' }, black: { name: 'Kor', email: KOR } });
}

/** White plays Wb2-Wb3; the turn email Black gets (its text and HTML), and Black's reply address. */
async function blackTurnEmail() {
  const queue = captureQueue();
  const g = await mailGame();
  queue.take(); // the game-start mails
  await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
  const sent: { text: string; html: string; replyTo: string; subject: string }[] = [];
  const EMAIL = { send: async (m: never) => (sent.push(m), { messageId: 'm' }) } as unknown as SendEmail;
  await runQueue(queue.take(), 1, 'subspace-notify', { ...env, EMAIL });
  queue.spy.mockRestore();
  expect(sent).toHaveLength(1);
  return { g, mail: sent[0]!, to: sent[0]!.replyTo };
}

const legal = async (id: string): Promise<string[]> => (await call('GET', `/api/games/${id}/legal`)).body.legal;
const state = async (id: string) => (await call('GET', `/api/games/${id}`)).body;

function raw(from: string, to: string, body: string, extra = '', type = 'text/plain; charset=utf-8', messageId = `<${crypto.randomUUID()}@example.org>`) {
  return `From: Kor <${from}>\nTo: ${to}\nSubject: Re: [Subspace] Your move\nMessage-ID: ${messageId}\nDate: Thu, 26 Nov 2026 10:00:00 +0000\nMIME-Version: 1.0\n${extra}Content-Type: ${type}\n\n${body}`;
}

async function send(text: string, envelopeFrom: string, to: string) {
  const mail = inboundEmail(text, envelopeFrom, to);
  await worker.email(mail.message, env, createExecutionContext());
  return mail;
}

describe('quoted text is never read as a turn', () => {
  // How mail clients quote without ">" (Outlook and others, by language), and ones that use ">".
  const headers: [string, (to: string) => string][] = [
    [
      'French Outlook',
      (to) => `-----Message d'origine-----\nDe : Subspace <${to}>\nEnvoyé : jeudi 26 novembre 2026 09:00\nÀ : Kor <${KOR}>\nObjet : [Subspace] Your move`,
    ],
    ['French Outlook (no divider)', (to) => `De : Subspace <${to}>\nEnvoyé : jeudi 26 novembre 2026 09:00\nObjet : [Subspace] Your move`],
    ['Spanish', (to) => `El jue, 26 nov 2026 a las 9:00, Subspace (<${to}>) escribió:`],
    ['Italian', (to) => `Il giorno gio 26 nov 2026 alle ore 09:00 Subspace <${to}> ha scritto:`],
    ['German Outlook', (to) => `Von: Subspace <${to}>\nGesendet: Donnerstag, 26. November 2026 09:00\nAn: Kor <${KOR}>\nBetreff: [Subspace] Your move`],
    ['German Gmail', (to) => `Am Do., 26. Nov. 2026 um 09:00 Uhr schrieb Subspace <${to}>:`],
    ['English', (to) => `On Thu, 26 Nov 2026 at 09:00, Subspace <${to}> wrote:`],
    ['English Outlook', (to) => `________________________________\nFrom: Subspace <${to}>\nSent: Thursday, November 26, 2026 9:00 AM`],
    ['Dutch', (to) => `Op do 26 nov 2026 om 09:00 schreef Subspace <${to}>:`],
    ['Portuguese', (to) => `Em qui., 26 de nov. de 2026 às 09:00, Subspace <${to}> escreveu:`],
  ];

  it.each(headers)('%s: a reply without a turn above the unmarked quote of our email plays nothing', async (_, header) => {
    const { g, mail, to } = await blackTurnEmail();
    const someTurn = (await legal(g.id))[0]!;
    // Our own email quoted whole without ">", plus a legal turn written on a line of its own in the quote.
    const body = `Thanks, I will think about it.\n\n${header(to)}\n\n${mail.text}\n${someTurn}\n`;
    const reply = await send(raw(KOR, to, body), KOR, to);
    expect(reply.rejected).toEqual([]);
    expect(reply.replies[0]!.text).toContain('Subspace could not find a turn in your email.');
    expect((await state(g.id)).ply).toBe(1);
  });

  it('our marker line ends the reading under a quote header we do not know', async () => {
    const { g, mail, to } = await blackTurnEmail();
    const body = `Hmm.\n\nLähetetty: torstai 26. marraskuuta 2026\n${mail.text}\n${(await legal(g.id))[0]}\n`;
    const reply = await send(raw(KOR, to, body), KOR, to);
    expect(reply.replies[0]!.text).toContain('could not find a turn');
    expect((await state(g.id)).ply).toBe(1);
  });

  it('no line of our emails, nor of our "no turn found" answer, reads as a turn when quoted back', async () => {
    const { g, mail, to } = await blackTurnEmail();
    // Quoted with an attribution we do not know and without a marker line: only the example's form protects.
    const lines = mail.text.split('\n').filter((l) => !l.startsWith('## Subspace'));
    let reply = await send(raw(KOR, to, `Hmm.\n\n${lines.join('\n')}\n`), KOR, to);
    expect(reply.replies[0]!.text).toContain('could not find a turn');
    const answer = reply.replies[0]!.text!;
    reply = await send(raw(KOR, to, `Hmm.\n\n${answer}\n`), KOR, to);
    expect(reply.replies[0]!.text).toContain('could not find a turn');
    // The HTML part, quoted as HTML without a blockquote, says no turn either.
    reply = await send(raw(KOR, to, `<p>Hmm.</p>${mail.html.replace(/<p style[^>]*>## Subspace[^<]*<\/p>/, '')}`, '', 'text/html; charset=utf-8'), KOR, to);
    expect(reply.replies[0]!.text).toContain('could not find a turn');
    expect((await state(g.id)).ply).toBe(1);
  });

  it('board, legal and help by email are answered (the help the mails list); a turn in the same mail wins', async () => {
    const { g, to } = await blackTurnEmail();
    let reply = await send(raw(KOR, to, 'board\n'), KOR, to);
    expect(reply.replies[0]!.text!.split('\n')[0]).toMatch(new RegExp(`^## Subspace ${g.id} ply 1 [0-9a-f]{8}: reply above ##$`));
    expect(reply.replies[0]!.text).toContain('B level     N level     W level');
    reply = await send(raw(KOR, to, 'legal\n'), KOR, to);
    expect(reply.replies[0]!.text).toContain((await legal(g.id))[0]!);
    reply = await send(raw(KOR, to, 'help\n'), KOR, to);
    expect(reply.replies[0]!.text).toContain('Commands:');
    expect(reply.replies[0]!.text).not.toContain('on this site');
    // Its HTML part: the command list wraps on a phone; the prose around it is prose, its addresses links (tester 17 X11).
    const html = reply.replies[0]!.html!;
    expect(html).toMatch(/<pre style="font-size:13px;white-space:pre-wrap">Commands:\n/);
    expect(html).toMatch(/<p>New games: [^<]*<a href="https?:\/\/[^"]+\/me">/);
    expect(html).toMatch(/<p>The rules, with diagrams: <a href="https?:\/\/[^"]+\/rules\/warp-factor">/);
    expect(html.match(/<pre/g)).toHaveLength(1);
    expect((await state(g.id)).ply).toBe(1);
    const turn = (await legal(g.id))[0]!;
    reply = await send(raw(KOR, to, `board\n${turn}\n`), KOR, to);
    expect((await state(g.id)).ply).toBe(2);
  });

  it('a turn written below a ">" quote (Thunderbird) is found and played', async () => {
    const { g, mail, to } = await blackTurnEmail();
    const quoted = mail.text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    const body = `On 26/11/2026 09:00, Subspace wrote:\n${quoted}\n\nBb3-Bb2\n\n-- \nKor\n`;
    const reply = await send(raw(KOR, to, body), KOR, to);
    expect(reply.replies[0]!.text).toContain('You played Bb3-Bb2 (ply 2).');
    expect((await state(g.id)).lastMove).toMatchObject({ ply: 2, side: 'black', text: 'Bb3-Bb2' });
  });
});

describe('only the seat itself plays by email', () => {
  it("mail from another address to a player's reply address is refused; nothing is played or resigned", async () => {
    const { g, to } = await blackTurnEmail();
    for (const body of ['Bb3-Bb2\n', 'resign\n']) {
      const reply = await send(raw('mallory@example.net', to, body), 'mallory@example.net', to);
      expect(reply.rejected).toHaveLength(1);
      expect(reply.rejected[0]).toMatch(/only from the address Subspace mails this player at/);
      expect(reply.replies).toHaveLength(0);
    }
    // The From header decides, not only the envelope.
    const spoofed = await send(raw('mallory@example.net', to, 'resign\n'), KOR, to);
    expect(spoofed.rejected).toHaveLength(1);
    expect(await state(g.id)).toMatchObject({ status: 'active', ply: 1 });
    // A From line naming the seat's address and another: not any one player's mail (the answer would go to the other).
    const twoFrom = await send(raw(`${KOR}>, Mallory <mallory@example.net`, to, 'resign\n'), 'mallory@example.net', to);
    expect(twoFrom.rejected[0]).toMatch(/names several addresses/);
    expect(twoFrom.replies).toHaveLength(0);
    expect(await state(g.id)).toMatchObject({ status: 'active', ply: 1 });
    // From lines that name no mailbox, or more than one written ambiguously, or two From headers: refused,
    // and the envelope sender (the seat's here) never stands in for the author (tester 11 S2).
    const head = (from: string) =>
      `${from}\nTo: ${to}\nSubject: Re: your move\nMessage-ID: <${crypto.randomUUID()}@example.org>\nContent-Type: text/plain\n\nsay not me\n`;
    for (const from of [
      'From: undisclosed-recipients:;',
      'From: <>',
      `From: ${KOR}\nFrom: Mallory <mallory@evil.example>`,
      `From: <${KOR}> <mallory@evil.example>`,
      `From: mallory@evil.example <${KOR}>`,
      `From: ${KOR}\n\tmallory@evil.example`,
    ]) {
      const odd = await send(head(from), KOR, to);
      expect(odd.rejected, from).toHaveLength(1);
      expect(odd.replies, from).toHaveLength(0);
    }
    expect((await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.black })).body.messages).toEqual([]);
    // The subject goes into the answer's header without its control characters (tester 12 E11).
    const injected = await send(
      raw(KOR, to, 'board\n').replace('Subject: Re: [Subspace] Your move', 'Subject: =?UTF-8?Q?hello=0D=0ABcc:_victim@example.com?='),
      KOR,
      to,
    );
    expect(injected.replies[0]!.subject).toBe('Re: hello Bcc: victim@example.com');
    // The address's case does not matter.
    const upper = await send(raw('KOR@Example.ORG', to, 'Bb3-Bb2\n'), 'KOR@Example.ORG', to);
    expect(upper.replies[0]!.text).toContain('You played Bb3-Bb2');
  });

  it("a seat given a plus-address takes mail from its mailbox's own address, not from another plus-address (tester 12 E27)", async () => {
    const plus = 'kor+games@example.org';
    await confirmAddresses(plus);
    const g = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor', email: plus } });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const to = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.replyTo as string;
    const other = await send(raw('kor+spam@example.org', to, 'Bb3-Bb2\n'), 'kor+spam@example.org', to);
    expect(other.rejected).toHaveLength(1);
    const base = await send(raw(KOR, to, 'Bb3-Bb2\n'), KOR, to);
    expect(base.rejected).toEqual([]);
    expect((await state(g.id)).ply).toBe(2);
  });

  it("an envelope sender other than the seat's address (forwarding, or a third party) never gets the answer: it goes to the seat's address (tester 3 F2)", async () => {
    const { g, to } = await blackTurnEmail();
    const sent: { to: string; from: string; replyTo: string; text: string; headers: Record<string, string> }[] = [];
    const EMAIL = { send: async (m: never) => (sent.push(m), { messageId: 'm' }) } as unknown as SendEmail;
    // The From header is the seat's, the envelope sender someone else's (as after SRS forwarding, or forged): it plays,
    // and the answer is mailed to the seat, not replied to the envelope sender.
    const mail = inboundEmail(raw(KOR, to, 'Bb3-Bb2\n'), 'mallory@evil.example', to);
    await worker.email(mail.message, { ...env, EMAIL }, createExecutionContext());
    expect(mail.rejected).toHaveLength(0);
    expect(mail.replies).toHaveLength(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: KOR, from: 'games@subspace.example', replyTo: to });
    expect(sent[0]!.text).toContain('You played Bb3-Bb2');
    expect(sent[0]!.headers['Auto-Submitted']).toBe('auto-replied');
    expect(await state(g.id)).toMatchObject({ ply: 2 });
    // Without outgoing mail there is no answer at all, rather than one to the envelope sender.
    const resign = inboundEmail(raw(KOR, to, 'board\n'), 'SRS0=ab12=XY=example.org=kor@forwarder.example', to);
    await worker.email(resign.message, { ...env, EMAIL: undefined }, createExecutionContext());
    expect(resign.replies).toHaveLength(0);
    // The envelope sender being the seat's (any case): the answer is a reply, threaded, as before.
    const same = inboundEmail(raw(KOR, to, 'board\n'), 'Kor@Example.org', to);
    await worker.email(same.message, { ...env, EMAIL }, createExecutionContext());
    expect(same.replies).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('a seat without an email address cannot be played by email', async () => {
    const g = await newGame('warp-factor', { white: { name: 'Kirk' } });
    const to = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white })).body.replyTo;
    const reply = await send(raw('kirk@example.org', to, 'Wb2-Wb3\n'), 'kirk@example.org', to);
    expect(reply.rejected[0]).toMatch(/no email address in this game/);
    expect((await state(g.id)).ply).toBe(0);
  });

  it('an address its owner has not confirmed plays nothing and gets no answer (it gets nothing but the confirmation mail)', async () => {
    const g = await newGame('warp-factor', { white: { name: 'Sulu', email: 'sulu@example.org' } });
    const to = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white })).body.replyTo;
    const from = (who: string) => raw(who, to, 'Wb2-Wb3\n').replace('From: Kor', 'From: Sulu');
    const refused = await send(from('sulu@example.org'), 'sulu@example.org', to);
    expect(refused.rejected[0]).toMatch(/sulu@example\.org has not been confirmed yet/);
    expect(refused.replies).toHaveLength(0);
    expect((await state(g.id)).ply).toBe(0);
    // Confirmed, the same kind of reply plays.
    await confirmAddresses('sulu@example.org');
    const played = await send(from('sulu@example.org'), 'sulu@example.org', to);
    expect(played.replies[0]!.text).toContain('You played Wb2-Wb3');
    expect((await state(g.id)).ply).toBe(1);
  });

  it('refuses mail whose authentication results say DMARC, SPF or DKIM failed', async () => {
    const { g, to } = await blackTurnEmail();
    for (const results of [
      'Authentication-Results: mx.cloudflare.net; dkim=none; spf=pass smtp.mailfrom=example.org; dmarc=fail header.from=example.org\n',
      'Authentication-Results: mx.cloudflare.net; spf=fail smtp.mailfrom=example.org\n',
      'ARC-Authentication-Results: i=1; mx.cloudflare.net; dkim=fail header.d=example.org\n',
    ]) {
      const reply = await send(raw(KOR, to, 'Bb3-Bb2\n', results), KOR, to);
      expect(reply.rejected, results).toHaveLength(1);
      expect(reply.rejected[0]).toMatch(/could not confirm that this mail is from kor@example\.org \((DMARC|SPF|DKIM) failed\)/);
    }
    expect((await state(g.id)).ply).toBe(1);
    // SPF broken by forwarding but DMARC passed (DKIM aligned): accepted.
    const forwarded = 'Authentication-Results: mx.cloudflare.net; dkim=pass header.d=example.org; spf=fail smtp.mailfrom=fwd.example; dmarc=pass\n';
    const ok = await send(raw(KOR, to, 'Bb3-Bb2\n', forwarded), KOR, to);
    expect(ok.replies[0]!.text).toContain('You played Bb3-Bb2');
    // No DMARC record: the From domain's own DKIM pass authenticates it, and a relay's SPF fail says nothing of the author (tester 12 E26).
    const relayed =
      'Authentication-Results: mx.cloudflare.net; dkim=pass header.d=example.org header.s=s1; spf=fail smtp.mailfrom=relay@list.example; dmarc=none header.from=example.org\n';
    const board = await send(raw(KOR, to, 'board\n', relayed), KOR, to);
    expect(board.rejected).toEqual([]);
    expect(board.replies).toHaveLength(1);
    // But the From domain's own SPF failing, with no DKIM of it, is still refused.
    const own = await send(
      raw(KOR, to, 'board\n', 'Authentication-Results: mx.cloudflare.net; dkim=none; spf=fail smtp.mailfrom=kor@example.org; dmarc=none\n'),
      KOR,
      to,
    );
    expect(own.rejected[0]).toMatch(/SPF failed/);
  });
});

describe('a mail plays once, and only for the position it answered', () => {
  it('the same Message-ID again, plies later, is not handled a second time', async () => {
    const g = await mailGame();
    const to = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white })).body.replyTo;
    const id = `<${crypto.randomUUID()}@example.org>`;
    const first = await send(raw('kirk@example.org', to, 'Wd1-Wc3\n', '', undefined, id), 'kirk@example.org', to);
    expect(first.replies[0]!.text).toContain('You played Wd1-Wc3 (ply 1).');
    // Black, White (the knight back), Black: Wd1-Wc3 is legal again at ply 5.
    await call('POST', `/api/games/${g.id}/moves`, { text: (await legal(g.id))[0]!, token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wc3-Wd1', token: g.tokens.white });
    await call('POST', `/api/games/${g.id}/moves`, {
      text: (await legal(g.id)).find((t) => t !== 'Bb3-Bb2') ?? (await legal(g.id))[0]!,
      token: g.tokens.black,
    });
    expect(await legal(g.id)).toContain('Wd1-Wc3');
    const again = await send(raw('kirk@example.org', to, 'Wd1-Wc3\n', '', undefined, id), 'kirk@example.org', to);
    expect(again.replies).toHaveLength(0);
    expect(again.rejected).toHaveLength(0);
    expect((await state(g.id)).ply).toBe(4);
    // The other seat has its own record of Message-IDs.
    const black = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.replyTo;
    const other = await send(raw(KOR, black, 'draw\n', '', undefined, id), KOR, black);
    expect(other.replies[0]!.text).toContain('You offered a draw.');
  });

  it('a turn in a reply to an email the game has moved on from is refused, with a reply saying so', async () => {
    const { g, mail, to } = await blackTurnEmail();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wd1-Wc3', token: g.tokens.white });
    // Black answers the email of ply 1 with a turn that is legal now, at ply 3.
    const now = (await legal(g.id))[0]!;
    const quoted = mail.text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    const reply = await send(raw(KOR, to, `${now}\n\nOn Thu, 26 Nov 2026 at 09:00, Subspace <${to}> wrote:\n${quoted}\n`), KOR, to);
    expect(reply.replies[0]!.text).toMatch(/^The game has moved on since the email you answered: it is at ply 3 now, so your turn ".+" was not played\./m);
    expect((await state(g.id)).ply).toBe(3);
    // With its own #ply the player says which position they mean: the current one plays.
    const fresh = await send(raw(KOR, to, `${now} #4\n\n> ${mail.text.split('\n')[0]}\n`), KOR, to);
    expect(fresh.replies[0]!.text).toContain('(ply 4)');
    // A #ply of the player's own that is not the game's: said as theirs, not the email's.
    const own = await send(raw(KOR, to, `${(await legal(g.id))[0]!} #3\n`), KOR, to);
    expect(own.replies[0]!.text).toMatch(/^Your turn ".+" was for another ply than the game's: it is at ply 4 now/m);
    // After the end nothing is to be corrected.
    await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.white });
    const late = await send(raw(KOR, to, 'Bc3-Bc2\n'), KOR, to);
    expect(late.replies[0]!.text).toContain('Nothing was played: the game is over.');
    expect(late.replies[0]!.text).not.toContain('Reply again');
  });
});

describe('what the player wrote, whole', () => {
  it('a format=flowed "say" message is unwrapped', async () => {
    const { g, to } = await blackTurnEmail();
    const body = 'say This is a rather long message that my mail client has \nwrapped at the width it likes, in two \nplaces.\n\n> quoted\n';
    const reply = await send(raw(KOR, to, body, '', 'text/plain; charset=utf-8; format=flowed'), KOR, to);
    expect(reply.replies[0]!.text).toMatch(/sent|message/i);
    const read = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
    expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'This is a rather long message that my mail client has wrapped at the width it likes, in two places.',
    ]);
  });

  it('a "say" message on several lines (wrapped without format=flowed) is sent whole, and the answer quotes it (tester 12 E12)', async () => {
    const { g, to } = await blackTurnEmail();
    const body =
      'say Kirk, I have been thinking about the position and I believe we should\nagree a draw soon, unless you see something I do not. Regards, Kor\n\n> quoted\n';
    const reply = await send(raw(KOR, to, body), KOR, to);
    expect(reply.replies[0]!.text).toContain(
      'Your message was sent to White:\n> Kirk, I have been thinking about the position and I believe we should\n> agree a draw soon, unless you see something I do not. Regards, Kor',
    );
    const read = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
    expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'Kirk, I have been thinking about the position and I believe we should\nagree a draw soon, unless you see something I do not. Regards, Kor',
    ]);
    // A turn on the line after the message is the turn, not the message's next line.
    const turn = (await legal(g.id))[0]!;
    const both = await send(raw(KOR, to, `say Good luck,\nand have fun\n${turn}\n`), KOR, to);
    expect(both.replies[0]!.text).toContain(`You played ${turn} (ply 2), with your message.`);
    const after = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
    expect(after.body.messages.at(-1).text).toBe('Good luck,\nand have fun');
    // A blank line ends the message: the sign-off below it is not sent (tester 18 Y4).
    const signed = await send(raw(KOR, to, 'say Your move, Kirk.\nTake your time.\n\nThanks,\nKor\n'), KOR, to);
    expect(signed.replies[0]!.text).toMatch(/Your message was sent to White:\n> Your move, Kirk.\n> Take your time.$/);
    const last = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
    expect(last.body.messages.at(-1).text).toBe('Your move, Kirk.\nTake your time.');
  });

  it('a "say" line beside another command is sent too, first; after the game, a reply without a command is told the game is over (tester 12 E21, E9)', async () => {
    const { g, to } = await blackTurnEmail();
    const offered = await send(raw(KOR, to, 'draw\nsay The position is dead equal, shall we call it a day?\n'), KOR, to);
    expect(offered.replies[0]!.text).toContain('Your message was sent to White:\n> The position is dead equal, shall we call it a day?\n\nYou offered a draw.');
    const read = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
    expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual(['The position is dead equal, shall we call it a day?']);
    expect((await state(g.id)).drawOffer).toBe('black');
    const resigned = await send(raw(KOR, to, 'resign\nsay Well played\n'), KOR, to);
    expect(resigned.replies[0]!.text).toContain('You resigned.');
    expect((await state(g.id)).status).toBe('finished');
    const thanks = await send(raw(KOR, to, 'Thanks for the game, Kirk!\n'), KOR, to);
    expect(thanks.replies[0]!.text).toBe('This game is over (1-0, resignation): there is nothing to play. To write to your opponent, reply "say <words>".');
  });

  it('a turn in quotes, full-width or with a zero-width character is the turn (tester 12 E7)', async () => {
    for (const written of ['"Bb3-Bb2"', '\u201CBb3-Bb2\u201D', '\uFF22\uFF42\uFF13\uFF0D\uFF22\uFF42\uFF12', 'Bb3-Bb2\u200B']) {
      const { g, to } = await blackTurnEmail();
      const reply = await send(raw(KOR, to, `${written}\n`), KOR, to);
      expect(reply.replies[0]!.text, written).toContain('You played Bb3-Bb2 (ply 2).');
      expect((await state(g.id)).ply).toBe(2);
    }
  });

  it('a "say" line and a turn in one mail: the turn is played with the message (either order)', async () => {
    for (const order of ['say first', 'turn first'] as const) {
      const { g, to } = await blackTurnEmail();
      const turn = (await legal(g.id))[0]!;
      const body = order === 'say first' ? `say Good luck\n${turn}\n` : `${turn}\nsay Good luck\n`;
      const reply = await send(raw(KOR, to, body), KOR, to);
      expect(reply.replies[0]!.text, order).toContain(`You played ${turn} (ply 2), with your message.`);
      expect((await state(g.id)).ply, order).toBe(2);
      const read = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
      expect(read.body.messages, order).toMatchObject([{ side: 'black', ply: 2, text: 'Good luck' }]);
    }
  });

  it('HTML-only mail has its entities decoded', async () => {
    const { g, to } = await blackTurnEmail();
    const html =
      '<html><body><div>say Merci &eacute;norm&eacute;ment &mdash; &laquo;&nbsp;Qapla&rsquo;&nbsp;&raquo; &hellip; &#x1F596;</div><blockquote>Bb3-Bb2</blockquote></body></html>';
    await send(raw(KOR, to, html, '', 'text/html; charset=utf-8'), KOR, to);
    const read = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
    expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual(['Merci énormément — « Qapla’ » … 🖖']);
    expect((await state(g.id)).ply).toBe(1);
  });
});
