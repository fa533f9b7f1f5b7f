// The computer's analysis on a finished game's page: the evaluation graph (SVG; each ply is a
// link to the board after it, which the script turns into in-page replay), accuracy and the
// counts of ?! ? ??, and, for the ply shown, "best was X" with a preview of it. While it runs
// the page says how far it got (the script polls and swaps it in when done).
import { raw } from 'hono/html';
import { colorName, COLORS } from '../../engine/types.ts';
import type { Evaluation } from '../../engine/search/analysis-judgement.ts';
import { whiteChances } from '../../engine/search/analysis-judgement.ts';
import type { GameAnalysis, PlyAnalysis } from '../../service/analysis.ts';
import { betterTurn, evalWords, JUDGEMENT_WORDS } from '../../service/analysis-words.ts';
import { turnLabel } from './move-list.tsx';

export const ANALYSIS_CSS = `
.analysis{background:var(--card);border:1px solid var(--border);border-radius:6px;padding:.4rem .7rem;margin:.8rem 0}
.analysis h2{margin:.2rem 0 .4rem;font-size:1.1rem}
#eval-graph{width:100%;height:auto;display:block;background:#fbfaf7;border:1px solid var(--border);border-radius:4px}
#eval-graph .white-area{fill:#e9e4d8}
#eval-graph .black-area{fill:#3a3f46}
#eval-graph .mid{stroke:#8c877d;stroke-width:1;stroke-dasharray:4 4}
#eval-graph .line{fill:none;stroke:#1f5f99;stroke-width:2}
#eval-graph .hit{fill:transparent}
#eval-graph a:hover .hit,#eval-graph a:focus-visible .hit{fill:rgba(21,101,192,.18)}
#eval-graph a[aria-current] .hit{fill:rgba(255,193,7,.35)}
#eval-graph circle{stroke:#fff;stroke-width:1.5}
#eval-graph .inaccuracy{fill:#b8860b}
#eval-graph .mistake{fill:#d2691e}
#eval-graph .blunder{fill:#b00020}
.glyph{font-weight:700;margin-left:.1rem}
.glyph.inaccuracy{color:#7a5a00}
.glyph.mistake{color:#a34a00}
.glyph.blunder{color:var(--check)}
table.accuracy{border-collapse:collapse;margin:.5rem 0}
table.accuracy th,table.accuracy td{border:1px solid var(--border);padding:.2rem .5rem;text-align:left}
.analysis-ply .preview svg{max-width:100%;height:auto}
.analysis{overflow-x:auto}
`;

const W = 600;
const H = 160;

/** The graph: White's winning chances after each ply (the top is White winning). */
export const EvalGraph = (p: { analysis: GameAnalysis; link: (ply: number) => string; viewPly: number }) => {
  const a = p.analysis;
  const points = [
    { ply: 0, eval: a.start ?? { cp: 0 }, label: 'the start' },
    ...a.plies.map((m) => ({ ply: m.ply, eval: m.eval, label: turnLabel({ ...m, text: m.move }) })),
  ];
  const n = Math.max(1, points.length - 1);
  const x = (ply: number) => (ply / n) * (W - 12) + 6;
  const y = (e: Evaluation) => 6 + (1 - whiteChances(e, a.curve)) * (H - 12);
  const line = points.map((pt, i) => `${i ? 'L' : 'M'}${x(pt.ply).toFixed(1)} ${y(pt.eval).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.at(-1)!.ply).toFixed(1)} ${H} L${x(0).toFixed(1)} ${H} Z`;
  const judged = new Map(a.plies.filter((m) => m.judgement).map((m) => [m.ply, m]));
  const step = (W - 12) / n;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG drawing groups its links with role="group" (no <fieldset> inside SVG)
    <svg
      id="eval-graph"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${W} ${H}`}
      role="group"
      aria-label="Evaluation graph: White's winning chances after each ply (up: White, down: Black). Choose a point to see the board after that ply."
    >
      <rect class="black-area" x="0" y="0" width={String(W)} height={String(H)} />
      <path class="white-area" d={area} />
      <line class="mid" x1="0" x2={String(W)} y1={String(H / 2)} y2={String(H / 2)} />
      <path class="line" d={line} />
      {points.map((pt) => {
        const m = judged.get(pt.ply);
        return (
          <a
            href={p.link(pt.ply)}
            data-ply={String(pt.ply)}
            aria-current={pt.ply === p.viewPly ? 'step' : undefined}
            aria-label={`Ply ${pt.ply}, ${pt.label}${m ? `${m.glyph} (${JUDGEMENT_WORDS[m.judgement!]})` : ''}: ${evalWords(pt.eval)}`}
          >
            <rect class="hit" x={(x(pt.ply) - step / 2).toFixed(1)} y="0" width={Math.max(step, 2).toFixed(1)} height={String(H)} />
            {m ? <circle class={`mark ${m.judgement}`} data-mark={m.glyph!} cx={x(pt.ply).toFixed(1)} cy={y(pt.eval).toFixed(1)} r="6" /> : null}
          </a>
        );
      })}
    </svg>
  );
};

/** What the analysis says about the ply shown: its mark, the evaluation, and the computer's better turn with a preview. */
export const PlyNote = (p: { analysis: GameAnalysis; ply: number; bestSvg?: string }) => {
  const m = p.analysis.plies.find((x) => x.ply === p.ply);
  return (
    <div id="analysis-ply" class="analysis-ply" aria-live="polite" data-ply={String(p.ply)}>
      {m ? <PlyWords m={m} bestSvg={p.bestSvg} /> : <p class="small">The start: {evalWords(p.analysis.start ?? { cp: 0 })}.</p>}
    </div>
  );
};

const PlyWords = ({ m, bestSvg }: { m: PlyAnalysis; bestSvg?: string | undefined }) => {
  const better = betterTurn(m);
  return (
    <>
      <p>
        <strong>
          {turnLabel({ ...m, text: m.move })}
          {m.glyph ?? ''}
        </strong>
        {m.judgement ? ` — ${JUDGEMENT_WORDS[m.judgement]}` : ''}; after it: {evalWords(m.eval)}.
        {better ? (
          <>
            {' '}
            Best was <code id="best-move">{better}</code>
            {m.bestEval ? ` (${evalWords(m.bestEval)})` : ''}.
          </>
        ) : m.best ? (
          ''
        ) : (
          ' The computer would have played it too.'
        )}
      </p>
      {better ? (
        <details id="best-preview" class="preview">
          <summary>Preview of {better}</summary>
          {bestSvg ? raw(bestSvg) : null}
        </details>
      ) : null}
    </>
  );
};

/** The analysis block of a finished game's page. */
export const AnalysisPanel = (p: { id: string; analysis: GameAnalysis | null; link: (ply: number) => string; viewPly: number; bestSvg?: string }) => {
  const a = p.analysis;
  return (
    <section id="analysis" class="analysis" data-status={a?.status ?? 'none'} aria-labelledby="analysis-h">
      <h2 id="analysis-h">Computer analysis</h2>
      {!a ? (
        <form method="post" action={`/games/${p.id}/analysis`} id="analysis-ask">
          <input type="hidden" name="back" value={p.link(p.viewPly)} />
          <p class="small">
            The computer can go through this game: evaluations, its better turns, the turns that lost ground marked ?!, ? and ??, and each side's accuracy.{' '}
            <button type="submit" class="secondary" id="analysis-ask-btn">
              Analyse this game
            </button>
          </p>
        </form>
      ) : a.status !== 'done' ? (
        <p class="small" id="analysis-progress">
          The computer is analysing this game: {a.evaluated} of {a.positions} positions so far.
          <span class="js-only"> This part of the page fills in by itself.</span>
          <span class="no-js"> Reload the page to see how far it has got.</span>
        </p>
      ) : (
        <>
          <EvalGraph analysis={a} link={p.link} viewPly={p.viewPly} />
          <table class="accuracy small">
            <thead>
              <tr>
                <th scope="col">Side</th>
                <th scope="col">Accuracy</th>
                <th scope="col">
                  <span aria-hidden="true">?!</span>
                  <span class="sr">inaccuracies</span>
                </th>
                <th scope="col">
                  <span aria-hidden="true">?</span>
                  <span class="sr">mistakes</span>
                </th>
                <th scope="col">
                  <span aria-hidden="true">??</span>
                  <span class="sr">blunders</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {COLORS.map((side) => {
                const s = a[side];
                return (
                  <tr>
                    <th scope="row">{colorName(side)}</th>
                    <td>{s?.accuracy === null || s === null ? '—' : `${s.accuracy} %`}</td>
                    <td>{s?.inaccuracies ?? 0}</td>
                    <td>{s?.mistakes ?? 0}</td>
                    <td>{s?.blunders ?? 0}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <PlyNote analysis={a} ply={p.viewPly} {...(p.bestSvg ? { bestSvg: p.bestSvg } : {})} />
        </>
      )}
    </section>
  );
};
