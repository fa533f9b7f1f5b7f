// The rules pages as a reader gets them: every variant's page, its diagrams (pictures
// the board renderer drew from real positions, with the engine's own targets), and every
// notation example on the page, read back from the HTML and parsed by the engine in the
// position the page gives for it.
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/engine/variants/index.ts';
import { VARIANT_NAMES } from '../../src/engine/types.ts';
import { call } from './helpers.ts';

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The attributes of every element with `marker` in the HTML, as records. */
function elementsWith(html: string, marker: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<[a-z]+ [^>]*${marker}[^>]*>`, 'g'))].map((m) =>
    Object.fromEntries([...m[0].matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].slice(1).map((a) => [a[1]!, unescape(a[2] ?? '')])),
  );
}

describe('rules pages', () => {
  it('the index links every variant, and the home page links the index', async () => {
    const index = await call('GET', '/rules');
    expect(index.status).toBe(200);
    for (const v of VARIANT_NAMES) expect(index.text).toContain(`href="/rules/${v}"`);
    expect((await call('GET', '/')).text).toContain('href="/rules');
  });

  for (const variant of VARIANT_NAMES)
    it(`${variant}: every diagram is a picture of a real position, every example is a turn the engine accepts`, async () => {
      const res = await call('GET', `/rules/${variant}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");

      const figures = elementsWith(res.text, 'data-diagram=');
      expect(figures.length).toBeGreaterThanOrEqual(3);
      // Beside every diagram, the key to reading it.
      expect(res.text.match(/<\/figcaption><details class="board-help"><summary>How to read this board<\/summary>/g)?.length).toBe(figures.length);
      let withTargets = 0;
      for (const f of figures) {
        const img = await call('GET', `/rules/${variant}/${f['data-diagram']}.svg`);
        expect(img.status, f['data-diagram']).toBe(200);
        expect(img.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
        expect(img.text).toMatch(/^<svg /);
        // The marked cells are exactly the engine's targets the page lists.
        const targets = (f['data-targets'] ?? '').split(' ').filter(Boolean);
        if (targets.length) withTargets++;
        const dots = [...img.text.matchAll(/<g data-cell="([^"]+)"[^>]*>(?:(?!<\/g>).)*class="ssb-(?:dot|ring)"/g)].map((m) => m[1]);
        expect(new Set(dots), f['data-diagram']).toEqual(new Set(targets));
      }
      expect(withTargets).toBeGreaterThanOrEqual(2);

      const engine = getVariant(variant)!;
      const examples = elementsWith(res.text, 'data-turn=');
      expect(examples.length).toBeGreaterThanOrEqual(5);
      for (const e of examples) {
        const options = engine.parseOptions(e['data-options'] ? JSON.parse(e['data-options']) : {});
        expect(options.ok).toBe(true);
        const pos = engine.parsePosition(e['data-position']!, options.ok ? options.value : undefined);
        expect(pos.ok, `${e['data-turn']}: ${JSON.stringify(pos)}`).toBe(true);
        if (!pos.ok) continue;
        const move = engine.parseMove(pos.value, e['data-turn']!);
        expect(move.ok, `${variant} ${e['data-turn']}: ${JSON.stringify(move)}`).toBe(true);
        // A canonical example is written exactly as the server writes it.
        if (move.ok && e['data-loose'] === undefined) expect(engine.formatMove(pos.value, move.value)).toBe(e['data-turn']);
      }
    });

  it('an unknown variant or diagram is a 404 in words', async () => {
    const page = await call('GET', '/rules/chess');
    expect(page.status).toBe(404);
    expect(page.text).toContain('not for chess');
    const img = await call('GET', '/rules/planar/nothing.svg');
    expect(img.status).toBe(404);
    expect(img.body.error).toContain('no diagram nothing');
  });
});
