// The board pictures' style sheet: every class starts with "ssb-" (see board-svg.ts).

/** How a class of text is set: its size (px), weight and anchor, and the rest of its style. */
export interface LabelStyle {
  readonly size: number;
  readonly bold?: boolean;
  readonly anchor?: 'middle' | 'end';
  readonly paint: string;
}

/**
 * The text classes. The style sheet tells a browser how to set them; a picture drawn for a PNG
 * lays out its label outlines by the same sizes and anchors (canvas.ts).
 */
export const LABEL_STYLES: Record<string, LabelStyle> = {
  'ssb-ghostmark': { size: 12, anchor: 'middle', paint: 'fill:#595959' },
  'ssb-coord': { size: 11, anchor: 'middle', paint: 'fill:#6b5a48' },
  'ssb-level': { size: 26, bold: true, anchor: 'middle', paint: 'fill:#3d3328' },
  'ssb-tiny': { size: 11, paint: 'fill:#1a1a1a' },
  'ssb-wl': { size: 11, bold: true, anchor: 'end', paint: 'fill:#3b0a57;pointer-events:none' },
  'ssb-plabel': { size: 12, bold: true, anchor: 'middle', paint: 'fill:#1f3347' },
  'ssb-badge': { size: 10, bold: true, anchor: 'middle', paint: 'fill:#fff' },
  'ssb-title': { size: 18, bold: true, paint: 'fill:#222' },
  'ssb-status': { size: 13, paint: 'fill:#333' },
  'ssb-checktext': { size: 13, bold: true, paint: 'fill:#c62828' },
  'ssb-head': { size: 12, bold: true, paint: 'fill:#333' },
  'ssb-count': { size: 13, paint: 'fill:#333' },
  'ssb-none': { size: 12, paint: 'fill:#595959;font-style:italic' },
  'ssb-worm': { size: 13, paint: 'fill:#4a148c' },
  'ssb-wormhead': { size: 13, bold: true, paint: 'fill:#4a148c' },
  'ssb-stepn': { size: 10, bold: true, anchor: 'middle', paint: 'fill:#fff;pointer-events:none' },
};

/** The picture's own colours that text is drawn on (see STYLE below). */
export const GROUNDS = {
  bg: '#fbfaf7',
  light: '#f0d9b5',
  dark: '#b58863',
  platformLight: '#dfe8f0',
  platformDark: '#8aa2ba',
  xz: '#c62828',
  yz: '#111111',
  step: '#6a1b9a',
} as const;
/** The last-move tint laid over a cell or pin: this colour at this opacity. */
export const LAST_TINT = { color: '#ffd600', opacity: 0.5 } as const;

type Ground = keyof typeof GROUNDS;
const SQUARES: Ground[] = ['light', 'dark', 'platformLight', 'platformDark'];

/**
 * What each text class is drawn on (cells also under the last-move tint): the render test holds
 * every pair to 4.5:1 contrast (WCAG 1.4.3), whatever the text's size.
 */
export const LABEL_GROUNDS: Record<string, { readonly on: readonly Ground[]; readonly tinted?: boolean }> = {
  'ssb-ghostmark': { on: ['bg'], tinted: true },
  'ssb-coord': { on: ['bg'] },
  'ssb-level': { on: ['bg'] },
  'ssb-tiny': { on: SQUARES, tinted: true },
  'ssb-wl': { on: SQUARES, tinted: true },
  'ssb-plabel': { on: ['bg'] },
  'ssb-badge': { on: ['xz', 'yz'] },
  'ssb-title': { on: ['bg'] },
  'ssb-status': { on: ['bg'] },
  'ssb-checktext': { on: ['bg'] },
  'ssb-head': { on: ['bg'] },
  'ssb-count': { on: ['bg'] },
  'ssb-none': { on: ['bg'] },
  'ssb-worm': { on: ['bg'] },
  'ssb-wormhead': { on: ['bg'] },
  'ssb-stepn': { on: ['step'] },
};

const labelRule = ([cls, l]: [string, LabelStyle]) =>
  `.${cls}{${l.paint};font-size:${l.size}px${l.bold ? ';font-weight:bold' : ''}${l.anchor ? `;text-anchor:${l.anchor}` : ''}}`;

const FONT = "'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols 2','Noto Sans','Arial Unicode MS',Arial,sans-serif";

export const STYLE = [
  `.ssb text{font-family:${FONT}}`,
  // Every rectangle is axis-aligned: without anti-aliasing it looks the same and draws much faster as PNG.
  '.ssb rect{shape-rendering:crispEdges}',
  `.ssb-bg{fill:${GROUNDS.bg}}`,
  `.ssb-l{fill:${GROUNDS.light}}.ssb-d{fill:${GROUNDS.dark}}`,
  `.ssb-pl{fill:${GROUNDS.platformLight}}.ssb-pd{fill:${GROUNDS.platformDark}}`,
  '.ssb-frame{fill:none;stroke:#5b4630;stroke-width:1.5}',
  '.ssb-pframe{fill:none;stroke:#2f4a66;stroke-width:1.5}',
  '.ssb-inv{stroke-dasharray:5 3}',
  // fill-opacity, not opacity: the same look, but a PNG renderer needs no extra layer for it.
  '.ssb-shadow{fill:#000;fill-opacity:.22}',
  '.ssb-arm{stroke:#666;stroke-width:3;stroke-linecap:round}',
  '.ssb-post{fill:#555}',
  // No fill (a PNG renderer would still fill a transparent one), yet clickable inside: pointer-events:all.
  '.ssb-ghost{fill:none;pointer-events:all;stroke:#aaa;stroke-width:1;stroke-dasharray:3 3}',
  ...Object.entries(LABEL_STYLES).map(labelRule),
  '.ssb-w{fill:#fff;stroke:#1a1a1a;stroke-width:2;paint-order:stroke;stroke-linejoin:round}',
  '.ssb-b{fill:#161616;stroke:#f2f2f2;stroke-width:1.6;paint-order:stroke;stroke-linejoin:round}',
  `.ssb-last{fill:${LAST_TINT.color};fill-opacity:${LAST_TINT.opacity}}`,
  '.ssb-lastpin{fill:none;stroke:#f5c400;stroke-width:4}',
  '.ssb-dot{fill:#1b5e20;fill-opacity:.55}',
  '.ssb-ring{fill:none;stroke:#1b5e20;stroke-width:3;stroke-opacity:.6}',
  '.ssb-check{fill:#e53935;fill-opacity:.28;stroke:#d50000;stroke-width:3}',
  `.ssb-xz{fill:${GROUNDS.xz}}.ssb-yz{fill:${GROUNDS.yz}}`,
  // The pieces' layer is over the cells: a click on a piece is its cell's.
  '.ssb-pieces{pointer-events:none}',
  '.ssb-path{fill:none;stroke:#7b1fa2;stroke-width:3;stroke-opacity:.7;stroke-linejoin:round;pointer-events:none}',
  '.ssb-link{fill:none;stroke:#7b1fa2;stroke-width:2;stroke-opacity:.7;stroke-dasharray:6 4;pointer-events:none}',
  `.ssb-step{fill:${GROUNDS.step};stroke:#fff;stroke-width:1.5;pointer-events:none}`,
  // Scoped to the picture: an inline SVG's <style> applies to the whole page.
  '.ssb [tabindex]{cursor:pointer;outline:none}',
  '.ssb [tabindex]:focus-visible>.ssb-sq,.ssb [tabindex]:focus-visible>.ssb-ghost{stroke:#1565c0;stroke-width:3;stroke-dasharray:none}',
].join('');
