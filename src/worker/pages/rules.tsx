// The rules pages: /rules (the four games) and /rules/:variant (one game in plain
// words, with diagrams from src/service/rules-diagrams.ts and notation examples).
import type { Child } from 'hono/jsx';
import { VARIANT_NAMES, type VariantName } from '../../engine/types.ts';
import { variantTitle } from '../../engine/variants/index.ts';
import type { Diagram } from '../../service/rules-diagrams.ts';
import { BoardHelp } from './board-help.tsx';
import { Layout } from './layout.tsx';
import type { RulesContent } from './rules-content.ts';
import type { Block, DiagramText } from './rules-text.ts';

/** `code` and **bold** in a line of rules text -> JSX. */
function rich(text: string): Child[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return <code>{part.slice(1, -1)}</code>;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 3) return <strong>{part.slice(2, -2)}</strong>;
    return part;
  });
}

const BlockView = (props: { block: Block }) =>
  typeof props.block === 'string' ? (
    <p>{rich(props.block)}</p>
  ) : (
    <ul>
      {props.block.map((item) => (
        <li>{rich(item)}</li>
      ))}
    </ul>
  );

/** The address of a diagram's picture. */
const diagramUrl = (variant: VariantName, id: string) => `/rules/${variant}/${id}.svg`;

const DiagramFigure = (props: { variant: VariantName; text: DiagramText; diagram: Diagram }) => {
  const { text, diagram } = props;
  const plain = text.caption.replace(/`/g, '');
  return (
    <figure class="diagram" id={`d-${text.id}`} data-diagram={text.id} data-targets={diagram.targets.join(' ')}>
      <img src={diagramUrl(props.variant, text.id)} alt={`Diagram: ${plain}`} width={560} loading="lazy" decoding="async" />
      <figcaption>
        {rich(text.caption)}
        {diagram.targets.length ? (
          <span class="small">
            {' '}
            The engine's targets from <code>{text.from}</code>: {diagram.turns.map((t) => t.replace(/^[^-x]*[-x]/, '')).join(', ')}.
          </span>
        ) : null}
        {diagram.played ? (
          <span class="small">
            {' '}
            Turn played: <code>{diagram.played}</code>
            {diagram.ending ? ` — ${diagram.ending}` : ''}
          </span>
        ) : null}
      </figcaption>
      <BoardHelp variant={props.variant} />
    </figure>
  );
};

export const RulesPage = (props: { rules: RulesContent; variant: VariantName; diagrams: ReadonlyMap<string, Diagram> }) => {
  const r = props.rules[props.variant];
  const title = variantTitle(props.variant);
  return (
    <Layout title={`${title} rules — Subspace`}>
      <nav class="crumbs small" aria-label="Rules of the other games">
        Rules:{' '}
        {VARIANT_NAMES.map((n, i) => (
          <>
            {i ? ' · ' : ''}
            {n === props.variant ? <strong aria-current="page">{variantTitle(n)}</strong> : <a href={`/rules/${n}`}>{variantTitle(n)}</a>}
          </>
        ))}
      </nav>
      <h1>{title}: the rules</h1>
      <p class="lead">{r.summary}</p>
      <nav aria-labelledby="toc-h" class="toc">
        <h2 id="toc-h" class="small">
          On this page
        </h2>
        <ol class="small">
          {r.sections.map((s) => (
            <li>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
          <li>
            <a href="#notation">Writing turns</a>
          </li>
        </ol>
      </nav>
      {r.sections.map((s) => (
        <section id={s.id} aria-labelledby={`${s.id}-h`}>
          <h2 id={`${s.id}-h`}>{s.title}</h2>
          {s.blocks.map((b) => (
            <BlockView block={b} />
          ))}
          {(s.diagrams ?? []).map((d) => (
            <DiagramFigure variant={props.variant} text={d} diagram={props.diagrams.get(d.id)!} />
          ))}
        </section>
      ))}
      <section id="notation" aria-labelledby="notation-h">
        <h2 id="notation-h">Writing turns</h2>
        {r.notation.blocks.map((b) => (
          <BlockView block={b} />
        ))}
        <table class="examples">
          <thead>
            <tr>
              <th scope="col">Example</th>
              <th scope="col">What it does</th>
            </tr>
          </thead>
          <tbody>
            {r.notation.examples.map((e) => (
              <tr>
                <td>
                  <code
                    data-turn={e.turn}
                    data-position={e.position}
                    data-options={e.options ? JSON.stringify(e.options) : undefined}
                    data-loose={e.loose ? '' : undefined}
                  >
                    {e.turn}
                  </code>
                </td>
                <td>{e.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p>
        <a href={`/?variant=${props.variant}`}>Start a game of {variantTitle(props.variant)}</a>
      </p>
    </Layout>
  );
};

export const RulesIndexPage = (props: { rules: RulesContent }) => (
  <Layout title="Rules — Subspace">
    <h1>The rules</h1>
    <p>Four 3D chess games by L. Lynn Smith. Each page explains one in plain words, with diagrams of real positions.</p>
    <ul class="rules-list">
      {VARIANT_NAMES.map((n) => (
        <li>
          <a href={`/rules/${n}`}>{variantTitle(n)}</a>: {props.rules[n].summary}
        </li>
      ))}
    </ul>
    <p>
      <a href="/">Start a game</a>
    </p>
  </Layout>
);
