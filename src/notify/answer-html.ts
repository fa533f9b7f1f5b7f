// The HTML part of an answer to a mailed command (tester 12 E25): mail clients show plain text in a
// proportional font, where a text board's columns (the levels side by side) fall out of line. Each
// paragraph that is laid out in columns goes in a <pre>; the others stay prose. Links are links in both.
import { escapeXml } from '../render/xml.ts';

/** Laid out in columns: a line with a run of spaces inside it (a board, a list of levels). */
const inColumns = (paragraph: string) => paragraph.split('\n').some((line) => /\S {2,}\S/.test(line) || /^ {2,}\S/.test(line));

/**
 * Wider than a phone shows at 13px monospace: such a block wraps its long lines (the command list's
 * descriptions, tester 17 X11); a board's short lines keep their columns and never wrap.
 */
const WIDE = 64;

const linked = (line: string) => escapeXml(line).replace(/https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);

const columnsHtml = (paragraph: string) => {
  const lines = paragraph.split('\n');
  const wrap = lines.some((line) => line.length > WIDE) ? ';white-space:pre-wrap' : '';
  return `<pre style="font-size:13px${wrap}">${lines.map(linked).join('\n')}</pre>`;
};

export function answerHtml(text: string): string {
  const body = text
    .split(/\n{2,}/)
    .map((p) => (inColumns(p) ? columnsHtml(p) : `<p>${p.split('\n').map(linked).join('<br>')}</p>`))
    .join('\n');
  return `<!DOCTYPE html><html><body style="font-family:sans-serif">\n${body}\n</body></html>`;
}
