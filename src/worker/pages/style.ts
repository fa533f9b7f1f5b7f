// The one stylesheet of the pages (inlined: small, and no extra request). Colours are custom
// properties: the light set, and the dark one for prefers-color-scheme: dark (unless the toggle
// chose light) or the toggle's dark (html[data-theme=dark]). Every pair keeps 4.5:1 contrast.
import { ANALYSIS_BOARD_CSS } from './analysis-board.tsx';
import { ANALYSIS_CSS } from './analysis.tsx';

const LIGHT: Record<string, string> = {
  bg: '#f6f5f1',
  fg: '#1d1d1f',
  muted: '#555',
  card: '#fff',
  border: '#d8d2c4',
  'field-border': '#8c877d',
  link: '#0b57d0',
  focus: '#1565c0',
  'btn-bg': '#1f5f99',
  'btn-fg': '#fff',
  'btn-border': '#1f4e79',
  'btn2-bg': '#fff',
  'btn2-fg': '#1f4e79',
  danger: '#a11',
  'err-bg': '#fdecea',
  'err-border': '#e0a29b',
  'err-fg': '#7a1010',
  'ok-bg': '#e8f5e9',
  'ok-border': '#9bc79f',
  'ok-fg': '#1b4d20',
  'info-bg': '#e8f0fa',
  'info-border': '#a8c0de',
  'info-fg': '#15365c',
  check: '#b00020',
  'top-bg': '#1f2a36',
  'top-fg': '#fff',
  'top-muted': '#d5dde5',
  mark: '#ffe082',
  'mark-fg': '#1d1d1f',
  badge: '#ffd54f',
  'badge-fg': '#1d1d1f',
};
const DARK: Record<string, string> = {
  bg: '#15181c',
  fg: '#e8e6e1',
  muted: '#b9b5ad',
  card: '#1f2329',
  border: '#3a4049',
  'field-border': '#8a8f98',
  link: '#8ab4f8',
  focus: '#8ab4f8',
  'btn-bg': '#2a64a0',
  'btn-fg': '#fff',
  'btn-border': '#8ab4f8',
  'btn2-bg': '#1f2329',
  'btn2-fg': '#a8c8fa',
  danger: '#ff8a80',
  'err-bg': '#3b1d1d',
  'err-border': '#8c3b3b',
  'err-fg': '#ffd2cc',
  'ok-bg': '#17301b',
  'ok-border': '#3f7a47',
  'ok-fg': '#c8ecc9',
  'info-bg': '#172436',
  'info-border': '#3f5f8c',
  'info-fg': '#cfe0f7',
  check: '#ff8a80',
  'top-bg': '#0b0e12',
  'top-fg': '#fff',
  'top-muted': '#d5dde5',
  mark: '#6b5a12',
  'mark-fg': '#fff',
  badge: '#ffd54f',
  'badge-fg': '#1d1d1f',
};
const vars = (set: Record<string, string>) =>
  Object.entries(set)
    .map(([k, val]) => `--${k}:${val}`)
    .join(';');

/** Exported for the contrast test of the pages' colour pairs. */
export const THEMES = { light: LIGHT, dark: DARK };

// body's overflow-wrap: players write names, messages and tournament names without spaces, and
// such a word breaks rather than widen the page (anywhere, not break-word: grid and table columns
// may then shrink below it); table headings and buttons are our own words, kept whole. On a phone
// the board picture scales to the screen's width.
export const PAGE_CSS = `
:root{${vars(LIGHT)};color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${vars(DARK)};color-scheme:dark}}
:root[data-theme=dark]{${vars(DARK)};color-scheme:dark}
.board,.preview,.diagram{${vars(LIGHT)};color:var(--fg);color-scheme:light}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
html:not(.js) .js-only,.js .no-js{display:none}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
a{color:var(--link);overflow-wrap:anywhere}
td.num{white-space:nowrap;overflow-wrap:normal}
th,button,.button{overflow-wrap:normal}
input,select,textarea{max-width:100%}
input[type=radio],input[type=checkbox]{width:24px;height:24px;margin:0;flex:none}
main li>a:only-child:not(.button),main p>a:only-child:not(.button),.crumbs a{display:inline-block;min-height:24px;padding:.15rem 0}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:var(--card);padding:.5rem}
.skip:focus{left:.5rem;z-index:10}
.top{display:flex;gap:.4rem 1rem;align-items:center;flex-wrap:wrap;padding:.4rem 1rem;background:var(--top-bg);color:var(--top-fg)}
.top .brand{color:var(--top-fg);font-weight:700;font-size:1.2rem;text-decoration:none}
.top nav ul{display:flex;flex-wrap:wrap;gap:0 .2rem;list-style:none;margin:0;padding:0}
.top nav a,.top .who a{color:var(--top-fg);text-decoration:none;display:inline-flex;align-items:center;min-height:44px;padding:0 .55rem;border-radius:4px}
.top nav a:hover,.top .who a:hover{text-decoration:underline}
.top nav a[aria-current=page]{background:rgba(255,255,255,.16);text-decoration:underline;text-underline-offset:4px}
.top :focus-visible{outline-color:#8ab4f8}
.top .who{display:flex;align-items:center;gap:.5rem;margin-left:auto;flex-wrap:wrap}
.top nav{flex:0 1 auto}
.top .who+.theme{margin-left:0}
.top .theme{margin-left:auto}
@media (max-width:600px){.top{display:grid;grid-template-columns:1fr auto;grid-template-areas:"brand theme" "nav nav" "who who";gap:0 .5rem;padding:.2rem .5rem}.top .brand{grid-area:brand;align-self:center}.top nav{grid-area:nav}.top nav a{padding:0 .45rem}.top .who{grid-area:who;margin:0}.top .theme{grid-area:theme;margin:0}}
.top .badge{display:inline-block;background:var(--badge);color:var(--badge-fg);border-radius:999px;padding:0 .5rem;font-size:.85rem;font-weight:700;margin-left:.35rem}
.top .badge.none{background:transparent;color:var(--top-muted);font-weight:400}
.top button.theme{min-height:44px;padding:.3rem .7rem;background:transparent;color:var(--top-fg);border-color:var(--top-muted)}
.top button.theme[aria-pressed=true]{background:rgba(255,255,255,.16)}
main{max-width:46rem;margin:0 auto;padding:1rem}
main.wide{max-width:78rem}
h1{font-size:1.5rem;margin:.2rem 0 .8rem}
h2{font-size:1.1rem;margin:1.2rem 0 .5rem}
fieldset{border:1px solid var(--border);border-radius:6px;margin:0 0 1rem;padding:.6rem .9rem .9rem;background:var(--card)}
legend{font-weight:600;padding:0 .3rem}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}
/* A crosstable's result is a link to its game: a tap target of 24 px at least (WCAG 2.5.8), not a 5 px dot. */
.xt{display:inline-block;min-width:24px;min-height:24px;line-height:24px;text-align:center}
.hint{font-weight:400;color:var(--muted);font-size:.9rem}
input[type=text],input[type=number],select{font:inherit;width:100%;max-width:24rem;padding:.45rem .5rem;border:1px solid var(--field-border);border-radius:4px;background:var(--card);color:var(--fg)}
input[type=number]{width:6rem;min-height:24px}
input.move{font-family:ui-monospace,"DejaVu Sans Mono",monospace;max-width:100%}
button,.button{font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:5px;border:1px solid var(--btn-border);background:var(--btn-bg);color:var(--btn-fg);cursor:pointer;min-height:2.6rem}
button.secondary,.button.secondary{background:var(--btn2-bg);color:var(--btn2-fg)}
button.danger{background:var(--btn2-bg);color:var(--danger);border-color:var(--danger)}
a.button{display:inline-flex;align-items:center;text-decoration:none}
button:disabled{opacity:.5;cursor:not-allowed}
.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.5rem 0}
.radio label{display:inline-flex;align-items:center;gap:.4rem;font-weight:400;margin:.2rem 1rem .2rem 0}
.msg{padding:.6rem .8rem;border-radius:5px;margin:.6rem 0;border:1px solid}
.msg.error{background:var(--err-bg);border-color:var(--err-border);color:var(--err-fg)}
.msg.ok{background:var(--ok-bg);border-color:var(--ok-border);color:var(--ok-fg)}
.msg.info{background:var(--info-bg);border-color:var(--info-border);color:var(--info-fg)}
.links input{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.85rem}
.game{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem}
@media (min-width:900px){.game{grid-template-columns:minmax(0,36rem) minmax(18rem,1fr)}}
.board{margin:0;background:#fbfaf7;color:#1d1d1f;border:1px solid var(--border);border-radius:6px;padding:.3rem}
.board svg,.preview svg{display:block;width:100%;height:auto;max-width:36rem;margin:0 auto}
.board figcaption{font-size:.85rem;color:#4a4a4a;padding:.2rem .4rem}
.status{font-size:1.05rem}
.status strong{font-weight:700}
.players{color:var(--muted);margin:.2rem 0}
.check{color:var(--check);font-weight:700}
.result{font-weight:700;font-size:1.15rem}
.moves{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.92rem;max-height:18rem;overflow:auto;background:var(--card);border:1px solid var(--border);border-radius:6px;padding:.4rem .6rem;margin:0}
.moves ol{margin:0;padding-left:2.4rem}
.moves li a{margin-right:.8rem}
.actions .row form{display:inline}
.actions .days{margin:.5rem 0}
.preview{background:#fff;color:#1d1d1f;border:1px solid var(--border);border-radius:6px;padding:.5rem;margin:.5rem 0}
.chooser button{min-width:3.2rem}
.small{font-size:.85rem;color:var(--muted)}
.message-text{white-space:pre-line;overflow-wrap:anywhere}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:600px){main{padding:.6rem}.board{padding:0;border-radius:0;margin:0 -.6rem}.board figcaption{padding:.3rem .6rem}}
code{overflow-wrap:anywhere}
.board-tools{margin:0 0 .4rem}
.replay button{min-width:2.75rem}
button.copy{padding:.3rem .7rem;min-height:2.2rem}
.links .row input{flex:1 1 14rem}
.settings{background:var(--card);border:1px solid var(--border);border-radius:6px;padding:.4rem .7rem;margin:1rem 0}
.settings summary{cursor:pointer;font-weight:600;min-height:24px}
input[type=email],input[type=url],input[type=password],input:not([type]){font:inherit;width:100%;max-width:24rem;padding:.45rem .5rem;border:1px solid var(--field-border);border-radius:4px;background:var(--card);color:var(--fg)}
.moves li a{display:inline-block;min-height:24px;min-width:24px;padding:.1rem 0}
.moves a[aria-current]{background:var(--mark);color:var(--mark-fg);font-weight:700}
.lead{font-size:1.05rem}
.toc ol{margin:.2rem 0 .8rem;padding-left:1.4rem;columns:2 12rem}
.crumbs{margin:.2rem 0 .4rem}
.diagram{margin:.8rem 0 1.2rem;background:#fff;color:#1d1d1f;border:1px solid var(--border);border-radius:6px;padding:.4rem}
.diagram img{display:block;width:100%;height:auto;max-width:36rem;margin:0 auto}
.diagram figcaption{padding:.3rem .2rem 0}
.board-help{background:var(--card);border:1px solid var(--border);border-radius:6px;padding:.3rem .7rem;margin:.6rem 0;font-size:.92rem}
.board-help summary{cursor:pointer;font-weight:600;min-height:24px;padding:.2rem 0}
.board-help ul{padding-left:1.2rem;margin:.3rem 0}
table.examples{border-collapse:collapse;width:100%;background:var(--card)}
table.examples th,table.examples td{border:1px solid var(--border);padding:.35rem .5rem;text-align:left;vertical-align:top}
svg.ssb [tabindex]:focus-visible>rect:first-of-type,svg.ssb [tabindex]:focus-visible>circle:first-of-type{stroke:#1565c0;stroke-width:4;stroke-dasharray:none}
svg.ssb [data-selected]>rect:first-of-type{stroke:#e65100;stroke-width:4;stroke-dasharray:none}
svg.ssb .ssb-target-dot{fill:#1b5e20;opacity:.6;pointer-events:none}
svg.ssb .ssb-target-ring{fill:none;stroke:#1b5e20;stroke-width:4;opacity:.7;pointer-events:none}
svg.ssb [tabindex]:hover>rect:first-of-type{stroke:#1565c0;stroke-width:2}
.board a,.preview a,.diagram a{color:#0b57d0}
.way-on{margin-top:1rem}
table.examples.crosstable th,table.examples.crosstable td{padding:.3rem .4rem;text-align:center}
table.examples.crosstable tbody th{text-align:left;white-space:nowrap;overflow-wrap:normal}
.phone-only{display:none}
@media (max-width:600px){.phone-only{display:inline}}
a[data-copy]+.copy{margin-left:.6rem}
.way-on a[aria-current=page]{font-weight:700;color:var(--fg);text-decoration:none}
textarea{font:inherit;background:var(--card);color:var(--fg);border:1px solid var(--field-border);border-radius:4px}
.variant-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:.5rem;margin:.3rem 0}
.variant-card{display:flex;gap:.6rem;align-items:center;margin:0;font-weight:400;border:2px solid var(--border);border-radius:6px;padding:.4rem .5rem;cursor:pointer;background:var(--card)}
.variant-card:has(input:checked){border-color:var(--focus);box-shadow:0 0 0 1px var(--focus)}
.variant-card img{width:84px;height:84px;object-fit:contain;background:#fbfaf7;border-radius:4px;flex:none}
.variant-card .variant-text{display:flex;flex-direction:column;gap:.15rem}
.variant-card .about{font-size:.85rem;color:var(--muted)}
.variant-options,.computer-options{border-left:3px solid var(--border);padding-left:.7rem;margin:.5rem 0}
form.start:has(#variant-curved-space:not(:checked)) #options-curved-space{display:none}
form.start:has(#opponent-computer:not(:checked)) .computer-options{display:none}
form.start:has(#opponent-computer:checked) .timeout-choice{display:none}
.chooser.floating{position:absolute;z-index:20;margin:0;background:var(--card);color:var(--fg);border:1px solid var(--border);border-radius:6px;padding:.4rem .5rem;box-shadow:0 4px 14px rgba(0,0,0,.3);width:max-content;max-width:min(30rem,calc(100vw - 16px))}
.chooser button{min-height:44px}
.next-game{margin:.3rem 0}
@media (max-width:600px){button,.button,.replay button,button.copy{min-height:44px}}
${ANALYSIS_CSS}${ANALYSIS_BOARD_CSS}`;
