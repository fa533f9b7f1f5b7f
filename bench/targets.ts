// Targets of the benchmark (issue 18): each figure is printed beside its target, misses marked.
export interface TargetRow {
  readonly target: string;
  readonly figure: number;
  readonly limit: number;
  readonly unit: string;
  /** The figure before the work on this target, where one was recorded. */
  readonly before?: number;
  readonly met: boolean;
}

/** Records "figure at most limit" (or, with `atLeast`, "at least"). */
export function target(
  rows: TargetRow[],
  target: string,
  figure: number,
  limit: number,
  unit: string,
  opts: { atLeast?: boolean; before?: number } = {},
): void {
  const round = (n: number) => Math.round(n * 100) / 100;
  rows.push({
    target,
    figure: round(figure),
    limit,
    unit,
    ...(opts.before === undefined ? {} : { before: opts.before }),
    met: opts.atLeast ? figure >= limit : figure <= limit,
  });
}

export function printTargets(rows: readonly TargetRow[]): void {
  if (!rows.length) return;
  console.log('\n## Targets\n');
  console.log('| target | before | figure | limit | |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.target} | ${r.before === undefined ? '' : `${r.before} ${r.unit}`} | ${r.figure} ${r.unit} | ${r.limit} ${r.unit} | ${r.met ? 'met' : '**MISS**'} |`,
    );
  const misses = rows.filter((r) => !r.met).length;
  console.log(`\n${rows.length - misses} of ${rows.length} targets met${misses ? `, ${misses} missed` : ''}.`);
}
