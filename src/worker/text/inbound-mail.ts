// The lines of a reply: whose they are (authentication results), which ply the answered
// email showed (our marker line), and the lines the player wrote, never a line of quoted
// history. The MIME itself is read by postal-mime in the picture Worker (src/pictures/mail.ts),
// which keeps the library and its entity tables out of this Worker's bundle.

export interface ParsedMail {
  readonly subject: string;
  /** The body as text (text/plain preferred, else HTML turned into text with quoted history left out). */
  readonly text: string;
  /** The whole body as text, quoted history included (where our own marker line is looked for). */
  readonly fullText: string;
  /** The From header's address, lower case. */
  readonly from: string | undefined;
  /** How many authors the From lines name (src/pictures/mail.ts fromCount): a reply must have exactly one, the seat's. */
  readonly fromCount: number;
  readonly messageId: string | undefined;
  /** Authentication-Results / ARC-Authentication-Results header values. */
  readonly authResults: readonly string[];
}

/**
 * Why the sender's own mail system says this mail is not from the address it shows, or undefined:
 * a DMARC fail, or an SPF or DKIM fail that DMARC did not pass (forwarded mail may break SPF and
 * still pass DMARC through DKIM). Without DMARC, a DKIM pass of the From domain authenticates it as
 * DMARC would, and an SPF fail counts only for the From domain: a relay's or a list's own envelope
 * domain failing says nothing of the author (tester 12 E26). `fromDomain`: the From address's domain.
 */
export function authFailure(results: readonly string[], fromDomain?: string): string | undefined {
  const aligned = (domain: string | undefined) =>
    !fromDomain || !domain || domain.toLowerCase() === fromDomain || fromDomain.endsWith(`.${domain.toLowerCase()}`);
  for (const value of results) {
    const of = (method: string) => new RegExp(`\\b${method}\\s*=\\s*([a-z]+)`, 'i').exec(value)?.[1]?.toLowerCase();
    const field = (name: string) => new RegExp(`\\b${name.replace('.', '\\.')}\\s*=\\s*(?:[^@\\s;]*@)?([a-z0-9.-]+)`, 'i').exec(value)?.[1];
    if (of('dmarc') === 'fail') return 'DMARC failed';
    if (of('dmarc') === 'pass') continue;
    if (of('dkim') === 'pass' && fromDomain && field('header.d')?.toLowerCase() === fromDomain) continue;
    if (of('spf') === 'fail' && aligned(field('smtp.mailfrom'))) return 'SPF failed';
    if (of('dkim') === 'fail') return 'DKIM failed';
  }
  return undefined;
}

/**
 * The marker line our emails carry above everything else (`notify/messages.ts`): in a reply it
 * is the top of the quoted history, and it says which ply (and, since takebacks made a ply
 * ambiguous, which position) the email was written at. Mails sent before carry no position.
 */
export const MARKER = /^#{2}\s+Subspace\s+([a-z0-9]{4,32})\s+ply\s+(\d{1,6})\s+([0-9a-f]{8}):\s+reply\s+above\s+#{2}$/i;
/** The longer marker of mails sent before (to 2026-11-29), some without the position. */
const OLD_MARKER =
  /^#{2}\s+Subspace\s+game\s+([a-z0-9]{4,32})\s+at\s+ply\s+(\d{1,6})(?:\s+\(position\s+([0-9a-f]{8})\))?:\s+write\s+your\s+reply\s+above\s+this\s+line\s+#{2}$/i;

/** A marker on one line, or wrapped over two (a mail program wraps long quoted lines): read from lines `i` on. */
function markerAt(lines: readonly string[], i: number): RegExpExecArray | null {
  const one = lines[i]!;
  const two = i + 1 < lines.length ? `${one} ${lines[i + 1]}` : undefined;
  return MARKER.exec(one) ?? OLD_MARKER.exec(one) ?? (two === undefined ? null : (MARKER.exec(two) ?? OLD_MARKER.exec(two)));
}

/** Where the game was when the email this replies to was written. */
export interface ShownAt {
  readonly ply: number;
  /** The position's key (`positionKey`); absent in the marker of older mails. */
  readonly position?: string;
}

/** Where the email this replies to was written (from our marker line, quoted or not). */
export function quotedMarker(text: string, gameId: string): ShownAt | undefined {
  const lines = text.split('\n').map((line) => line.replace(/^[\s>]+/, '').trim());
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i]!.startsWith('##') ? markerAt(lines, i) : null;
    if (m && m[1]!.toLowerCase() === gameId) return { ply: Number(m[2]), ...(m[3] ? { position: m[3].toLowerCase() } : {}) };
  }
  return undefined;
}

// Where quoted history starts, in the languages mail clients write it in.
/** "-----Original Message-----" and its translations (Outlook), and forwarded-message dividers. */
const DIVIDER =
  /^-{2,}\s*(original message|forwarded message|message d'origine|message transf[ée]r[ée]|mensaje original|mensaje reenviado|messaggio originale|messaggio inoltrato|urspr[üu]ngliche nachricht|weitergeleitete nachricht|oorspronkelijk bericht|doorgestuurd bericht|mensagem original|mensagem encaminhada|originalmeddelande|opprinnelig melding|oprindelig meddelelse|alkuper[äa]inen viesti|wiadomo[śs][ćc] oryginalna|p[ůu]vodn[íi] zpr[áa]va|исходное сообщение|αρχικό μήνυμα)\s*-*$/i;
/** The first line of a quoted header block: "From:", "De :", "Von:", "Da:", "Van:", ... (bold in HTML mail: "*From:*"). */
const HEADER_LINE = /^\*?(from|de|von|da|van|fr[åa]n|fra|od|l[äa]hett[äa]j[äa]|kimden|felad[óo]|от|από|发件人|寄件者|差出人|보낸 사람)\s*\*?\s*:/i;
/** The attribution line above a quote: "On ... wrote:", "Le ... a écrit :", "El ... escribió:", "Il ... ha scritto:", "Am ... schrieb X:", ... */
const ATTRIBUTION =
  /(^|\s)(wrote|a\s+[ée]crit|escribi[óo]|ha\s+scritto|schrieb|schreef|escreveu|skrev|kirjoitti|napisa[łl]a?|pisze|napsal|[íi]rta|yazd[ıi]|написала?|έγραψε)(\s.*)?:\s*$/i;

/**
 * The lines of a reply that the sender wrote. Quoted lines (">") are skipped; a quote header
 * ("On ... wrote:" and its translations) followed by ">" lines is skipped with them, so a turn
 * written below the quote (Thunderbird) is found; a header followed by unmarked text (Outlook's
 * "From:" / "De :" / "Von:" blocks, "-----Original Message-----" and its translations), our own
 * marker line, or a signature ("-- ") ends the reading: everything below is history. A blank
 * line between written lines is one '' (at most `max` written lines).
 */
export function ownLines(text: string, max = 30): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let written = 0;
  for (let i = 0; i < lines.length && written < max; i++) {
    const line = lines[i]!.trim();
    if (line.startsWith('>')) continue;
    // A blank line is kept (once) where it parts what was written: it ends a `say` message (tester 18 Y4).
    if (!line) {
      if (out.length && out.at(-1) !== '') out.push('');
      continue;
    }
    if (
      (line.startsWith('##') &&
        markerAt(
          lines.map((l) => l.trim()),
          i,
        )) ||
      DIVIDER.test(line) ||
      /^_{5,}$/.test(line) ||
      lines[i] === '-- ' ||
      line === '--'
    )
      break;
    if (HEADER_LINE.test(line)) break;
    if (ATTRIBUTION.test(line)) {
      const next = lines.slice(i + 1).find((l) => l.trim());
      if (next?.trim().startsWith('>')) continue;
      break;
    }
    out.push(line);
    written++;
  }
  return out;
}
