// A small RFC 5322 / MIME reader for replies: headers (with folding and encoded
// words), multipart (recursively), quoted-printable and base64, charsets; text/plain
// is preferred and HTML-only mail is turned into text. Then the command: the first
// line that is not quoted history and reads as a command.

interface ParsedMail {
  readonly headers: ReadonlyMap<string, string>;
  readonly subject: string;
  /** The body as text (text/plain preferred, else HTML stripped to text). */
  readonly text: string;
}

interface Part {
  headers: Map<string, string>;
  body: string; // "binary" string: one char per byte
}

const latin1 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
};
const bytesOf = (binary: string) => Uint8Array.from(binary, (c) => c.charCodeAt(0) & 0xff);

function decodeCharset(bytes: Uint8Array, charset: string | undefined): string {
  const label = (charset || 'utf-8').trim().toLowerCase();
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return label === 'us-ascii' || label.startsWith('iso-8859') || label.startsWith('windows-') ? latin1(bytes) : new TextDecoder('utf-8').decode(bytes);
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
function decodeBase64(text: string): string {
  try {
    return atob(text.replace(/[^A-Za-z0-9+/=]/g, ''));
  } catch {
    return '';
  }
}

/** RFC 2047 encoded words in header values: =?utf-8?B?...?= and =?utf-8?Q?...?=. */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_, charset: string, enc: string, data: string) => {
    const binary = enc.toUpperCase() === 'B' ? decodeBase64(data) : decodeQuotedPrintable(data.replaceAll('_', ' '));
    return decodeCharset(bytesOf(binary), charset);
  });
}

function splitHeaders(binary: string): Part {
  const m = /\r?\n\r?\n/.exec(binary);
  const head = m ? binary.slice(0, m.index) : binary;
  const body = m ? binary.slice(m.index + m[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold: a line starting with white space continues the previous header.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset="utf-8"` -> { type, params }. */
function contentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function partText(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const binary = encoding === 'base64' ? decodeBase64(part.body) : encoding === 'quoted-printable' ? decodeQuotedPrintable(part.body) : part.body;
  return decodeCharset(bytesOf(binary), contentType(part.headers.get('content-type')).params.charset);
}

/** The first text/plain and the first text/html leaf, depth first. */
function findTexts(part: Part, found: { plain?: string; html?: string }, depth = 0): void {
  const { type, params } = contentType(part.headers.get('content-type'));
  if (type.startsWith('multipart/') && params.boundary && depth < 8) {
    const delimiter = `--${params.boundary}`;
    const chunks = part.body.split(delimiter);
    // chunks[0] is the preamble; a chunk starting with "--" is the end.
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith('--')) break;
      findTexts(splitHeaders(chunk.replace(/^[ \t]*\r?\n/, '')), found, depth + 1);
    }
    return;
  }
  if (/attachment/i.test(part.headers.get('content-disposition') ?? '')) return;
  if (type === 'text/plain' && found.plain === undefined) found.plain = partText(part);
  else if (type === 'text/html' && found.html === undefined) found.html = partText(part);
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** HTML -> text: quoted history (blockquote, Gmail's quote block) dropped, block ends as line breaks. */
function htmlToText(html: string): string {
  let s = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '');
  // Everything from a reply-quote container on is history.
  s = s.replace(/<(div|blockquote)\b[^>]*class="[^"]*(gmail_quote|moz-cite-prefix|yahoo_quoted|protonmail_quote)[^"]*"[\s\S]*$/i, '');
  s = s.replace(/<div\b[^>]*id="(divRplyFwdMsg|appendonsend)"[\s\S]*$/i, '');
  for (let i = 0; i < 10 && /<blockquote\b/i.test(s); i++) s = s.replace(/<blockquote\b(?:(?!<blockquote\b)[\s\S])*?<\/blockquote\s*>/gi, '\n');
  s = s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|pre|table)\s*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (all, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : all;
      }
      return ENTITIES[name.toLowerCase()] ?? all;
    });
  return s.replace(/[ \t\u00a0]+/g, ' ').replace(/\n[ \t]+/g, '\n');
}

export function parseMail(raw: Uint8Array | string): ParsedMail {
  const binary = typeof raw === 'string' ? latin1(new TextEncoder().encode(raw)) : latin1(raw);
  const top = splitHeaders(binary);
  const found: { plain?: string; html?: string } = {};
  findTexts(top, found);
  const text = found.plain ?? (found.html !== undefined ? htmlToText(found.html) : '');
  const headers = new Map([...top.headers].map(([k, v]) => [k, decodeEncodedWords(v)]));
  return { headers, subject: headers.get('subject') ?? '', text: text.replace(/\r\n?/g, '\n') };
}

/**
 * The lines of a reply that the sender wrote: quoted lines (">") are skipped, and
 * reading stops at the quoted history ("On ... wrote:", "-----Original Message-----",
 * an Outlook "From:" block) or a signature ("-- ").
 */
export function ownLines(text: string, max = 30): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length && out.length < max; i++) {
    const line = lines[i]!.trim();
    if (/^-{2,}\s*(original message|forwarded message)/i.test(line) || /^_{5,}$/.test(line) || lines[i] === '-- ' || line === '--') break;
    if (/^(from|von|de):\s/i.test(line) && /^(sent|date|to|gesendet|envoyé):\s/i.test((lines[i + 1] ?? '').trim())) break;
    if (/^on\b.*\bwrote:?$/i.test(line)) break;
    if (/^on\b/i.test(line) && /\bwrote:?$/i.test((lines[i + 1] ?? '').trim())) break;
    if (/^(le|am)\b.*(a écrit|schrieb)\s*:?$/i.test(line)) break;
    if (line.startsWith('>') || !line) continue;
    out.push(line);
  }
  return out;
}
