// The one stylesheet of the pages (inlined: small, and no extra request).
export const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1d1d1f;background:#f6f5f1}
a{color:#0b57d0;overflow-wrap:anywhere}
input,select,textarea{max-width:100%}
input[type=radio],input[type=checkbox]{width:24px;height:24px;margin:0;flex:none}
li>a:only-child,p>a:only-child,.crumbs a{display:inline-block;min-height:24px;padding:.15rem 0}
:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem;z-index:10}
.top{display:flex;gap:.75rem;align-items:baseline;flex-wrap:wrap;padding:.6rem 1rem;background:#1f2a36;color:#fff}
.top .brand{color:#fff;font-weight:700;font-size:1.2rem;text-decoration:none}
.top .tag{color:#c9d3dd;font-size:.9rem}
main{max-width:46rem;margin:0 auto;padding:1rem}
main.wide{max-width:78rem}
h1{font-size:1.5rem;margin:.2rem 0 .8rem}
h2{font-size:1.1rem;margin:1.2rem 0 .5rem}
fieldset{border:1px solid #c8c3b8;border-radius:6px;margin:0 0 1rem;padding:.6rem .9rem .9rem;background:#fff}
legend{font-weight:600;padding:0 .3rem}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}
.hint{font-weight:400;color:#555;font-size:.9rem}
input[type=text],input[type=number],select{font:inherit;width:100%;max-width:24rem;padding:.45rem .5rem;border:1px solid #8c877d;border-radius:4px;background:#fff}
input[type=number]{width:6rem;min-height:24px}
input.move{font-family:ui-monospace,"DejaVu Sans Mono",monospace;max-width:100%}
button,.button{font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:5px;border:1px solid #1f4e79;background:#1f5f99;color:#fff;cursor:pointer;min-height:2.6rem}
button.secondary{background:#fff;color:#1f4e79}
button.danger{background:#fff;color:#a11;border-color:#a11}
a.button{display:inline-flex;align-items:center;text-decoration:none}
button:disabled{opacity:.5;cursor:not-allowed}
.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.5rem 0}
.radio label{display:inline-flex;align-items:center;gap:.4rem;font-weight:400;margin:.2rem 1rem .2rem 0}
.msg{padding:.6rem .8rem;border-radius:5px;margin:.6rem 0;border:1px solid}
.msg.error{background:#fdecea;border-color:#e0a29b;color:#7a1010}
.msg.ok{background:#e8f5e9;border-color:#9bc79f;color:#1b4d20}
.msg.info{background:#e8f0fa;border-color:#a8c0de;color:#15365c}
.links input{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.85rem}
.game{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem}
@media (min-width:900px){.game{grid-template-columns:minmax(0,36rem) minmax(18rem,1fr)}}
.board{margin:0;background:#fbfaf7;border:1px solid #d8d2c4;border-radius:6px;padding:.3rem}
.board svg,.preview svg{display:block;width:100%;height:auto;max-width:36rem;margin:0 auto}
.board figcaption{font-size:.85rem;color:#555;padding:.2rem .4rem}
.status{font-size:1.05rem}
.status strong{font-weight:700}
.players{color:#444;margin:.2rem 0}
.check{color:#b00020;font-weight:700}
.result{font-weight:700;font-size:1.15rem}
.moves{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.92rem;max-height:18rem;overflow:auto;background:#fff;border:1px solid #d8d2c4;border-radius:6px;padding:.4rem .6rem;margin:0}
.moves ol{margin:0;padding-left:2.4rem}
.moves li a{margin-right:.8rem}
.actions .row form{display:inline}
.actions .days{margin:.5rem 0}
.preview{background:#fff;border:1px solid #d8d2c4;border-radius:6px;padding:.5rem;margin:.5rem 0}
.chooser button{min-width:3.2rem}
.small{font-size:.85rem;color:#555}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:600px){main{padding:.6rem}.board{padding:0;border-radius:0;margin:0 -.6rem}.board figcaption{padding:.3rem .6rem}}
code{overflow-wrap:anywhere}
.board-tools{margin:0 0 .4rem}
.replay button{min-width:2.75rem}
button.copy{padding:.3rem .7rem;min-height:2.2rem}
.links .row input{flex:1 1 14rem}
.settings{background:#fff;border:1px solid #d8d2c4;border-radius:6px;padding:.4rem .7rem;margin:1rem 0}
.settings summary{cursor:pointer;font-weight:600;min-height:24px}
input[type=email],input[type=url],input[type=password],input:not([type]){font:inherit;width:100%;max-width:24rem;padding:.45rem .5rem;border:1px solid #8c877d;border-radius:4px;background:#fff}
.moves li a{display:inline-block;min-height:24px;min-width:24px;padding:.1rem 0}
.moves a[aria-current]{background:#ffe082;font-weight:700}
.lead{font-size:1.05rem}
.toc ol{margin:.2rem 0 .8rem;padding-left:1.4rem;columns:2 12rem}
.crumbs{margin:.2rem 0 .4rem}
.diagram{margin:.8rem 0 1.2rem;background:#fff;border:1px solid #d8d2c4;border-radius:6px;padding:.4rem}
.diagram img{display:block;width:100%;height:auto;max-width:36rem;margin:0 auto}
.diagram figcaption{padding:.3rem .2rem 0}
.board-help{background:#fff;border:1px solid #d8d2c4;border-radius:6px;padding:.3rem .7rem;margin:.6rem 0;font-size:.92rem}
.board-help summary{cursor:pointer;font-weight:600;min-height:24px;padding:.2rem 0}
.board-help ul{padding-left:1.2rem;margin:.3rem 0}
table.examples{border-collapse:collapse;width:100%;background:#fff}
table.examples th,table.examples td{border:1px solid #d8d2c4;padding:.35rem .5rem;text-align:left;vertical-align:top}
svg.ssb [tabindex]:focus-visible>rect:first-of-type,svg.ssb [tabindex]:focus-visible>circle:first-of-type{stroke:#1565c0;stroke-width:4;stroke-dasharray:none}
svg.ssb [data-selected]>rect:first-of-type{stroke:#e65100;stroke-width:4;stroke-dasharray:none}
svg.ssb .ssb-target-dot{fill:#1b5e20;opacity:.6;pointer-events:none}
svg.ssb .ssb-target-ring{fill:none;stroke:#1b5e20;stroke-width:4;opacity:.7;pointer-events:none}
svg.ssb [tabindex]:hover>rect:first-of-type{stroke:#1565c0;stroke-width:2}
`;
