// The board-picture Worker (wrangler.pictures.toml): draws the board pictures (src/render/board-svg.ts)
// and turns a board SVG into a PNG with resvg, reads the MIME of replies to play by email (postal-mime), runs the computer's search
// (its turns, hints and post-game analysis), and holds the large text the
// main Worker serves rarely (the OpenAPI document, the pages' scripts and stylesheet, the rare pages and the rules pages with their diagrams). It lives apart from the Worker that takes moves so that one carries no
// WebAssembly (a small bundle starts fast); the main Worker reaches it over the
// PICTURES service binding by RPC and has no public URL of its own.
// resvg's WebAssembly comes in as a module (wrangler's *.wasm rule); the pictures need no
// font (src/render/board-png.ts).
import { WorkerEntrypoint } from 'cloudflare:workers';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import { loadResvg, svgToPng } from '../render/board-png.ts';
import { boardSvg } from '../render/board-svg.ts';
import type { BoardSvgOptions } from '../render/canvas.ts';
import type { BoardView } from '../engine/types.ts';
import type { ParsedMail } from '../worker/text/inbound-mail.ts';
import { parseMail } from './mail.ts';
import { openApiDocument } from '../worker/openapi.ts';
import { GAME_JS } from '../worker/pages/game-js.gen.ts';
import { ME_JS, SITE_JS } from '../worker/pages/page-scripts.ts';
import { PUSH_JS, SW_JS } from '../worker/pages/push-scripts.ts';
import { PAGE_CSS } from '../worker/pages/style.ts';
import { rulesDiagramSvg } from '../worker/pages/rules-page-diagrams.ts';
import type { VariantName } from '../engine/types.ts';
import { renderRarePage, type RarePage } from '../worker/pages/rare-pages.tsx';
import type { PageContext } from '../worker/pages/site.tsx';
import type { PositionAnalysis } from '../engine/search/analysis-judgement.ts';
import { analysePositions, chooseTurn, type AnalysisRequest, type TurnAnswer, type TurnRequest } from '../engine/search/thinking.ts';

export default class Pictures extends WorkerEntrypoint {
  /**
   * The board picture of a view (src/render/board-svg.ts), an SVG document: drawn here so the main
   * Worker's bundle carries no renderer (its services ask through the BoardDrawing port).
   */
  async svg(view: BoardView, options: BoardSvgOptions): Promise<string> {
    return boardSvg(view, options);
  }

  /** The PNG of a board SVG drawn by src/render/board-svg.ts. */
  async png(svg: string): Promise<Uint8Array<ArrayBuffer>> {
    await loadResvg(resvgWasm);
    return svgToPng(svg);
  }

  /** A reply to play by email, read (src/pictures/mail.ts): kept here so the main Worker's bundle stays small. */
  async mail(raw: Uint8Array): Promise<ParsedMail> {
    return parseMail(raw);
  }

  /**
   * The OpenAPI document (src/worker/openapi.ts) for links under `origin`, built here because its
   * generator (valibot's JSON Schema conversion and the route descriptions) would put the main
   * Worker's bundle over its 200 KiB budget; the main Worker serves it at /openapi.json.
   */
  async openapi(origin: string): Promise<unknown> {
    return openApiDocument(origin);
  }

  /**
   * The pages' larger scripts, served by the main Worker: `game` the game page's (src/browser/,
   * bundled by scripts/build-browser.mjs) at /static/game.js, `push` the Subscribe button's at
   * /static/push.js and `sw` the service worker at /sw.js (src/worker/pages/push-scripts.ts), `site`
   * every page's at /static/site.js and `me` the /me pages' at /static/me.js (src/worker/pages/page-scripts.ts).
   */
  async script(name: 'game' | 'push' | 'sw' | 'site' | 'me'): Promise<string> {
    return { game: GAME_JS, push: PUSH_JS, sw: SW_JS, site: SITE_JS, me: ME_JS }[name];
  }

  /** The pages' stylesheet (src/worker/pages/style.ts), served by the main Worker at /static/style.css. */
  async stylesheet(): Promise<string> {
    return PAGE_CSS;
  }

  /** The picture (SVG) of diagram `id` on a variant's rules page (src/worker/pages/rules-page-diagrams.ts); null: no such diagram. */
  async rulesDiagram(variant: VariantName, id: string): Promise<string | null> {
    return rulesDiagramSvg(variant, id) ?? null;
  }

  /**
   * A page few requests ask for (tournaments, a leaderboard, a profile; src/worker/pages/rare-pages.tsx),
   * drawn from the data the main Worker read, for the one looking (`context`): its HTML document.
   */
  async page(request: RarePage, context: PageContext): Promise<string> {
    return renderRarePage(request, context);
  }

  /**
   * The computer's turn (its replies, hints): the search runs here, not in the main Worker, whose bundle
   * stays small; a level-6 reply spends seconds of this Worker's CPU (its [limits] cpu_ms). null: no legal turn.
   */
  async chooseTurn(request: TurnRequest): Promise<TurnAnswer | null> {
    return chooseTurn(request) ?? null;
  }

  /** A piece of post-game analysis: positions from `from` on, evaluated until the node budget is spent. */
  async analysePositions(request: AnalysisRequest): Promise<PositionAnalysis[]> {
    return analysePositions(request);
  }

  /** Not reachable from the Internet (workers_dev = false); say what it is if called anyway. */
  override async fetch(): Promise<Response> {
    return Response.json({ error: 'the picture Worker answers only over its service binding (RPC png(svg))' }, { status: 404 });
  }
}
