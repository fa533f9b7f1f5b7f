// ST3D boards (First Contact, Warp Factor, Curved Space): three fixed levels in a staircase,
// the platforms beside their pins' corners, vacant pins, the worm-hole path.
import { COLORS, type BoardView } from '../engine/types.ts';
import { type Bounds, type Canvas, coords, hand, header, num, type Platform, S } from './canvas.ts';
import { escapeXml } from './xml.ts';

const ST3D_LEVELS = ['W', 'N', 'B'] as const;
const CORNERS = ['a1', 'd1', 'a4', 'd4'] as const;
/** Staircase offsets between fixed levels, in cells. */
const ST3D_DX = 2.4;
const ST3D_DY = 6.2;
/** Gap between a level and its platforms, and the raise/drop of upright/inverted platforms. */
const GAP = 0.35;
const LIFT = 0.25;

/** How far a level's worm-hole stop sits from its centre (right and down), a platform's inside its corner, and a second visit beside the first. */
const STOP_SHIFT = 0.12;
const STOP_INSET = 0.25;
const STOP_NEXT = 0.45;

const PLATFORM_CELL_RE = /^([WNB](?:a1|d1|a4|d4)[ud]):([ab])([12])$/;

/** Lower-left corner (in units) of a platform's 2x2 grid, before the lift. */
function platformOrigin(level: number, corner: string): [number, number] {
  const ox = level * ST3D_DX;
  const oy = level * ST3D_DY;
  const x = corner[0] === 'a' ? ox - 2 - GAP : ox + 4 + GAP;
  const y = corner[1] === '1' ? oy - 1 : oy + 3;
  return [x, y];
}

export function st3dBounds(view: BoardView): Bounds {
  return {
    minX: -2.9,
    maxX: 2 * ST3D_DX + 6 + GAP + 0.5,
    minY: view.wormhole !== undefined ? -2.75 : -1.95,
    maxY: 2 * ST3D_DY + 5 + LIFT + 0.6,
  };
}

export function drawSt3d(c: Canvas): void {
  const view = c.view;
  const wormholeNotes = view.variant === 'curved-space';
  const o = c.out;
  // Seen from Black's side the field is turned half round about the middle of the N level:
  // boxes are reflected through that point, text inside them stays upright.
  const cx2 = 2 * (ST3D_DX + 2);
  const cy2 = 2 * (ST3D_DY + 2);
  const box = (x: number, y: number, w: number, h: number): [number, number] => (c.flipped ? [cx2 - x - w, cy2 - y - h] : [x, y]);
  const point = (x: number, y: number): [number, number] => (c.flipped ? [cx2 - x, cy2 - y] : [x, y]);
  /**
   * Where the worm-hole path stops on each level and numbered platform: a spot beside the cells'
   * labels (each cell has its name top left, its worm-hole letter bottom right, so the top-right and
   * bottom-left corners are free; tester 19 Z6: a stop on a platform's centre hid "b1").
   */
  const layerStops = new Map<string, [number, number]>();

  // Platforms as given, plus any implied by an occupied platform cell (a defensive measure).
  const platforms = new Map<string, Platform>();
  for (const p of view.platforms ?? []) platforms.set(p.pin.slice(0, 3), p);
  for (const p of view.cells) {
    const m = PLATFORM_CELL_RE.exec(p.cell);
    if (m && !platforms.has(m[1]!.slice(0, 3))) platforms.set(m[1]!.slice(0, 3), { pin: m[1]!, up: m[1]!.endsWith('u') });
  }

  ST3D_LEVELS.forEach((level, li) => {
    const [ox, oy] = box(li * ST3D_DX, li * ST3D_DY, 4, 4);
    // Just below and right of the level's centre: clear of the worm-hole letter above and left of it.
    layerStops.set(level, [ox + 2 + STOP_SHIFT, oy + 2 - STOP_SHIFT]);

    // Pins: a platform, or a vacant position.
    for (const corner of CORNERS) {
      const base = level + corner;
      const [ux, uy] = platformOrigin(li, corner);
      const [px, py] = box(ux, uy, 2, 2);
      // Which side of the level the platform shows on, after any turning round.
      const left = (corner[0] === 'a') !== c.flipped;
      const below = (corner[1] === '1') !== c.flipped;
      const platform = platforms.get(base);
      if (!platform) {
        vacantPin(c, base, px, py);
        continue;
      }
      const up = platform.up;
      const pin = base + (up ? 'u' : 'd');
      const y0 = py + (up ? LIFT : -LIFT);
      const [cornerX, cornerY] = point(corner[0] === 'a' ? li * ST3D_DX : li * ST3D_DX + 4, corner[1] === '1' ? li * ST3D_DY : li * ST3D_DY + 4);
      o.push(`<line x1="${c.x(left ? px + 2 : px)}" y1="${c.y(y0 + 1)}" x2="${c.x(cornerX)}" y2="${c.y(cornerY)}" class="ssb-arm"/>`);
      o.push(`<g data-pin="${pin}">`);
      if (up) o.push(c.rect(px + 0.1, y0 - 0.1, 2, 2, 'ssb-shadow'));
      for (let pr = 0; pr < 2; pr++)
        for (let pf = 0; pf < 2; pf++) {
          const local = `${'ab'[pf]}${pr + 1}`;
          // Same colour as the level square under/over it: file offset -1 (z..e = -1..4) and rank row -1..4.
          const fx = (corner[0] === 'a' ? -1 : 3) + pf;
          const ry = (corner[1] === '1' ? -1 : 3) + pr;
          const [sx, sy] = c.flipped ? [px + 1 - pf, y0 + 1 - pr] : [px + pf, y0 + pr];
          c.cell(`${pin}:${local}`, sx, sy, (fx + ry + 2) % 2 === 0, true, {
            tl: local,
            ...(wormholeNotes ? { br: 'yzwx'[pr * 2 + pf] } : {}),
          });
        }
      o.push(c.rect(px, y0, 2, 2, up ? 'ssb-pframe' : 'ssb-pframe ssb-inv'));
      if (c.last.has(pin)) o.push(c.rect(px - 0.05, y0 - 0.05, 2.1, 2.1, 'ssb-lastpin'));
      if (c.marks.has(pin)) o.push(c.circle(px + 1, y0 + 1, 0.16, 'ssb-dot'));
      platformLabel(c, platform, pin, px, below ? y0 - 0.42 : y0 + 2.12);
      o.push('</g>');
      // On the platform's free corner away from its label (top right when the label is below, else
      // bottom left), a little inside: clear of the level's rank numbers in the gap beside it.
      if (platform.number !== undefined) layerStops.set(`P${platform.number}`, below ? [px + 2 - STOP_INSET, y0 + 2] : [px + STOP_INSET, y0]);
      // The same pin in the other orientation: a target of a flip, shown when it may be clicked or is marked.
      const flipped = base + (up ? 'd' : 'u');
      if (c.interactive || c.marks.has(flipped) || c.last.has(flipped)) flipMarker(c, flipped, left ? px - 0.05 : px + 2.05, y0 + 1, left);
    }
    o.push(c.circle(ox, oy, 0.07, 'ssb-post'), c.circle(ox + 4, oy, 0.07, 'ssb-post'));
    o.push(c.circle(ox, oy + 4, 0.07, 'ssb-post'), c.circle(ox + 4, oy + 4, 0.07, 'ssb-post'));

    // The fixed level.
    for (let r = 0; r < 4; r++)
      for (let f = 0; f < 4; f++) {
        const name = `${level}${'abcd'[f]}${r + 1}`;
        const centre = wormholeNotes && (f === 1 || f === 2) && (r === 1 || r === 2);
        const [sx, sy] = box(li * ST3D_DX + f, li * ST3D_DY + r, 1, 1);
        c.cell(name, sx, sy, (f + r) % 2 === 0, false, centre ? { br: r === 2 ? (f === 1 ? 'w' : 'x') : f === 1 ? 'y' : 'z' } : {});
      }
    o.push(c.rect(ox, oy, 4, 4, 'ssb-frame'));
    coords(c, ox, oy, level);
  });
  if (view.wormhole !== undefined) wormholePath(c, view.wormhole, layerStops);

  const b = c.bounds;
  const below = header(c, b.minX + 0.15, b.maxY - 0.05);
  const [top, bottom] = c.flipped ? COLORS : (['black', 'white'] as const);
  hand(c, top, b.minX + 0.15, below - 0.15);
  hand(c, bottom, 4 + GAP + 2 + 0.45, 4.2);
  if (view.wormhole !== undefined) {
    o.push(
      `<text x="${c.x(b.minX + 0.15)}" y="${c.y(b.minY + 0.3)}" class="ssb-worm"><tspan class="ssb-wormhead">Worm-hole:</tspan> ${escapeXml(view.wormhole)}</text>`,
    );
  }
}

/**
 * The worm-hole as a path to follow: a line through its layers in order, each visit
 * numbered (a level met twice gets two numbers side by side), and the default links
 * between levels (", W-N") dashed. Drawn over the cells and under the pieces, ignored by the pointer.
 */
function wormholePath(c: Canvas, text: string, centres: ReadonlyMap<string, [number, number]>): void {
  const parts = text.split(',').map((part) => part.trim());
  // With no platform placed there is no sequence: every part is a link (tester 13 W17: "W-N" was taken for one).
  const [sequence = '', ...links] = parts[0]?.includes('-') ? ['', ...parts] : parts;
  const visits = new Map<string, number>();
  const stops: [number, number][] = [];
  for (const layer of sequence.split(/\s+/).filter(Boolean)) {
    const at = centres.get(layer);
    if (!at) continue;
    const n = visits.get(layer) ?? 0;
    visits.set(layer, n + 1);
    stops.push([at[0] + n * STOP_NEXT, at[1]]);
  }
  const o = c.out;
  for (const link of links) {
    const [a, b] = link.split('-').map((l) => centres.get(l));
    if (a && b) o.push(`<line x1="${c.x(a[0])}" y1="${c.y(a[1])}" x2="${c.x(b[0])}" y2="${c.y(b[1])}" class="ssb-link"/>`);
  }
  if (stops.length > 1) o.push(`<polyline points="${stops.map(([x, y]) => `${c.x(x)},${c.y(y)}`).join(' ')}" class="ssb-path"/>`);
  stops.forEach(([x, y], i) => {
    o.push(c.circle(x, y, 0.2, 'ssb-step'));
    o.push(c.text(x, y - 0.09, 'ssb-stepn', String(i + 1)));
  });
}

function platformLabel(c: Canvas, p: Platform, pin: string, px: number, baseline: number): void {
  const parts = [pin, p.up ? '\u25B2' : '\u25BC'];
  if (p.number !== undefined) parts.push(`P${p.number}`);
  const text = parts.join(' ');
  const words = [`platform ${pin}`, p.up ? 'upright' : 'inverted'];
  if (p.owner) words.push(`owned by ${p.owner}`);
  if (p.number !== undefined) words.push(`number ${p.number}`);
  if (p.locked) words.push('locked: moved last');
  if (c.last.has(pin)) words.push('last move');
  if (c.marks.has(pin)) words.push('highlighted');
  // Starts with the text shown, so what is read out matches what is seen.
  const label = `${text}: ${words.join(', ')}`;
  // Rough text width (12px bold): 7.3px a character, 12px for the arrow.
  const width = (text.length * 7.3 + 6) / S;
  const ownerW = p.owner ? 0.3 : 0;
  const lockW = p.locked ? 0.3 : 0;
  const start = px + 1 - (width + ownerW + lockW) / 2;
  const o = c.out;
  // Not a button of its own: too small to tap, and every cell of the platform already picks its pin.
  o.push(`<g data-cell="${escapeXml(pin)}"><title>${escapeXml(label)}</title>`);
  o.push(c.rect(start - 0.05, baseline - 0.1, width + ownerW + lockW + 0.1, 0.4, 'ssb-bg'));
  if (p.owner) o.push(c.circle(start + 0.12, baseline + 0.1, 0.11, p.owner === 'white' ? 'ssb-w' : 'ssb-b'));
  o.push(c.text(start + ownerW + width / 2, baseline, 'ssb-plabel', text));
  if (p.locked) lockIcon(c, start + ownerW + width + 0.05, baseline);
  o.push('</g>');
}

function lockIcon(c: Canvas, x: number, y: number): void {
  const X = (u: number) => c.x(x + u);
  const Y = (u: number) => c.y(y + u);
  c.out.push(
    `<path d="M${X(0.05)} ${Y(0.3)}V${Y(0.33)}A${num(0.07 * S)} ${num(0.07 * S)} 0 0 1 ${X(0.19)} ${Y(0.33)}V${Y(0.2)}" fill="none" stroke="#7a2e00" stroke-width="2"/>`,
    `<rect x="${X(0)}" y="${Y(0.2)}" width="${num(0.24 * S)}" height="${num(0.2 * S)}" rx="1.5" fill="#b34700"/>`,
  );
}

function vacantPin(c: Canvas, base: string, px: number, py: number): void {
  for (const [o, y, mark] of [
    ['u', py + 1, '\u25B3'],
    ['d', py, '\u25BD'],
  ] as const) {
    const pin = base + o;
    const words = [`vacant pin ${pin}`, o === 'u' ? 'upright position' : 'inverted position'];
    if (c.last.has(pin)) words.push('last move');
    if (c.marks.has(pin)) words.push('highlighted');
    c.out.push(`<g data-cell="${pin}"${c.button(words.join(', '))}>`);
    c.out.push(c.rect(px, y, 2, 1, 'ssb-ghost'));
    if (c.last.has(pin)) c.out.push(c.rect(px, y, 2, 1, 'ssb-last'));
    c.out.push(c.text(px + 1, y + 0.36, 'ssb-ghostmark', `${pin} ${mark}`));
    if (c.marks.has(pin)) c.out.push(c.circle(px + 1, y + 0.78, 0.12, 'ssb-dot'));
    c.out.push('</g>');
  }
}

function flipMarker(c: Canvas, pin: string, x: number, y: number, left: boolean): void {
  const words = [`pin ${pin}`, pin.endsWith('u') ? 'upright position' : 'inverted position'];
  if (c.last.has(pin)) words.push('last move');
  if (c.marks.has(pin)) words.push('highlighted');
  const dx = left ? -0.2 : 0.2;
  // Too small to be a button of its own (24 px on a phone): the page offers the turn-over as a
  // button beside the board once the platform is picked; a click here still works.
  c.out.push(`<g data-cell="${pin}"><title>${escapeXml(words.join(', '))}</title>`);
  c.out.push(c.circle(x + dx, y, 0.17, c.marks.has(pin) ? 'ssb-dot' : c.last.has(pin) ? 'ssb-last' : 'ssb-ghost'));
  c.out.push(c.text(x + dx, y - 0.1, 'ssb-ghostmark', pin.endsWith('u') ? '\u25B3' : '\u25BD'));
  c.out.push('</g>');
}
