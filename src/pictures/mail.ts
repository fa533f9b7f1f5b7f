// Reading a reply to play by email (issue 26): postal-mime parses the MIME (headers, encoded
// words, multipart, quoted-printable and base64, charsets, format=flowed); text/plain is
// preferred and HTML-only mail is turned into text here (quoted history dropped, every HTML
// entity decoded by `entities`). It runs in this Worker, reached by RPC (mail(raw)) from the main
// Worker's email handler, because the two libraries would add about 39 KiB gzipped to the main
// Worker, over its 200 KiB budget; mail is not in a hurry.
import { decodeHTML } from 'entities/decode';
import PostalMime, { addressParser } from 'postal-mime';
import type { ParsedMail } from '../worker/text/inbound-mail.ts';

/** HTML -> text: block ends as line breaks, tags dropped, entities decoded; `quotes: false` drops quoted history first. */
function htmlToText(html: string, quotes: boolean): string {
  let s = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '');
  if (!quotes) {
    // Everything from a reply-quote container on is history (Gmail, Thunderbird, Yahoo, Proton, Apple Mail, Outlook).
    s = s.replace(/<(div|blockquote)\b[^>]*class="[^"]*(gmail_quote|moz-cite-prefix|yahoo_quoted|protonmail_quote|gmail_attr)[^"]*"[\s\S]*$/i, '');
    s = s.replace(/<div\b[^>]*id="(divRplyFwdMsg|appendonsend|mail-editor-reference-message-container)"[\s\S]*$/i, '');
    s = s.replace(/<hr\b[^>]*id="stopSpelling"[\s\S]*$/i, '');
    for (let i = 0; i < 10 && /<blockquote\b/i.test(s); i++) s = s.replace(/<blockquote\b(?:(?!<blockquote\b)[\s\S])*?<\/blockquote\s*>/gi, '\n');
  }
  s = s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|pre|table|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeHTML(s)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\n[ \t]+/g, '\n');
}

/** How many mailboxes a From header names (groups counted by their members). */
function fromAddresses(header: string | undefined): number {
  if (!header) return 0;
  return addressParser(header).reduce((n, a) => n + ('group' in a && Array.isArray(a.group) ? a.group.length : 1), 0);
}

const ADDR = '[^\\s<>@",;:()]+@[^\\s<>@",;:()]+';
/** One mailbox, written plainly: `addr`, `addr (comment)`, or `name <addr>` with a name that has no @ unless quoted. */
const ONE_MAILBOX = new RegExp(`^(?:${ADDR}(?:\\s*\\([^()]*\\))?|(?:"[^"]*"|[^"<>@,;:]*)\\s*<\\s*${ADDR}\\s*>)$`);

/**
 * How many authors the From lines name: the number of From headers when not exactly one; else the
 * mailboxes of the one, and 2 (not one player's) when it is not a plain single mailbox. Tester 11 S2:
 * `a <b> <c>`, `x@evil <seat@…>`, two folded addresses or a second From header were read as the
 * seat's, while the receiving side's DMARC check may have aligned on the other address.
 */
function fromCount(headers: readonly { key: string; value: string }[]): number {
  const froms = headers.filter((h) => h.key === 'from');
  if (froms.length !== 1) return froms.length;
  const value = froms[0]!.value.replace(/\r?\n[ \t]+/g, ' ').trim();
  const n = fromAddresses(value);
  return n === 1 && !ONE_MAILBOX.test(value) ? 2 : n;
}

/** The part of postal-mime's MIME node read here (its parser's internals, postal-mime 4). */
interface MimePart {
  readonly contentType: { readonly parsed: { readonly params: Record<string, string | undefined> } };
  readonly contentDisposition: { readonly parsed: { readonly params: Record<string, string | undefined> } };
}
const inlineText = (PostalMime.prototype as unknown as { isInlineTextNode(this: PostalMime, node: MimePart): boolean }).isInlineTextNode;

/**
 * postal-mime joins every inline text part into the body; a text part with a file name is a file
 * the player attached (Apple Mail attaches text files inline), not words they wrote: tester 12
 * E10, whose attached analysis's turns made a one-turn reply ambiguous.
 */
class BodyOnly extends PostalMime {
  isInlineTextNode(node: MimePart): boolean {
    const named = node.contentDisposition.parsed.params.filename || node.contentType.parsed.params.name;
    return !named && inlineText.call(this, node);
  }
}

export async function parseMail(raw: Uint8Array | ArrayBuffer): Promise<ParsedMail> {
  const email = await new BodyOnly().parse(raw);
  const text = email.text !== undefined ? email.text : email.html !== undefined ? htmlToText(email.html, false) : '';
  const fullText = email.text !== undefined ? email.text : email.html !== undefined ? htmlToText(email.html, true) : '';
  const authResults = email.headers.filter((h) => h.key === 'authentication-results' || h.key === 'arc-authentication-results').map((h) => h.value);
  return {
    subject: email.subject ?? '',
    text: text.replace(/\r\n?/g, '\n'),
    fullText: fullText.replace(/\r\n?/g, '\n'),
    from: email.from?.address?.trim().toLowerCase() || undefined,
    fromCount: fromCount(email.headers),
    messageId: email.messageId?.trim() || undefined,
    authResults,
  };
}
