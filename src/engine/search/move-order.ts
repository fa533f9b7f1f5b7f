// The search's move-ordering structures (search.ts): a node's moves picked best first, and the
// history scores of quiet moves that caused cut-offs. Pure data structures over typed arrays.

/**
 * Moves best first by score, ties in generated order (as a stable sort), found one
 * at a time: most nodes end after a move or two of hundreds, so sorting them all
 * is wasted. After LAZY_PICKS picks the rest is sorted at once. Each pick is the best
 * of the moves not yet picked by (score, then generated index): where the others
 * stand in the buffer does not matter, so moves may be left out (keep) between picks.
 */
const LAZY_PICKS = 12;
/** The sort's keys: (rank of the score, index) packed in one number, sorted natively. */
let sortKeys = new Float64Array(256);
export class MoveOrder {
  private order: Int32Array;
  /** Moves still in the order: picked ones, then those left. */
  length: number;
  private sorted = false;
  /** How many moves `scores` scores (its first `count` entries; the buffer may be longer). */
  private count: number;
  /** `buffer`: scratch at least as long as `scores`, owned by the caller's ply. */
  constructor(
    private scores: Float64Array,
    buffer: Int32Array,
  ) {
    this.order = buffer;
    this.length = this.count = scores.length;
    for (let i = 0; i < scores.length; i++) this.order[i] = i;
  }

  /**
   * The order of other scores, as if made anew (the search keeps one per ply: no object per node):
   * the first `count` of `scores` (a ply's buffer, read in place: no view made per node).
   */
  reset(scores: Float64Array, buffer: Int32Array, count = scores.length): this {
    this.scores = scores;
    this.order = buffer;
    this.length = this.count = count;
    this.sorted = false;
    for (let i = 0; i < count; i++) buffer[i] = i;
    return this;
  }

  /** The index of the n-th best move (calls come with n = 0, 1, 2, ... below length). */
  pick(n: number): number {
    const { order, scores } = this;
    if (this.sorted) return order[n]!;
    if (n < LAZY_PICKS) {
      let best = n;
      let bestIndex = order[n]!;
      let bestScore = scores[bestIndex]!;
      let lowest = bestScore;
      for (let i = n + 1; i < this.length; i++) {
        const a = order[i]!;
        const score = scores[a]!;
        if (score < lowest) lowest = score;
        if (score > bestScore || (score === bestScore && a < bestIndex)) {
          best = i;
          bestIndex = a;
          bestScore = score;
        }
      }
      // Every move left scores alike (most lists end in quiet moves of no history): the rest goes
      // by index, so it is sorted once (nearly in order already: each pick moved one move).
      if (lowest === bestScore) {
        this.sortByIndexFrom(n);
        this.sorted = true;
        return order[n]!;
      }
      const chosen = order[best]!;
      order[best] = order[n]!;
      order[n] = chosen;
    } else {
      this.sortFrom(n);
      this.sorted = true;
    }
    return order[n]!;
  }

  /** Order positions n.. of the buffer by index (an insertion sort: they are nearly in order). */
  private sortByIndexFrom(n: number): void {
    const { order } = this;
    for (let i = n + 1; i < this.length; i++) {
      const a = order[i]!;
      let j = i - 1;
      while (j >= n && order[j]! > a) {
        order[j + 1] = order[j]!;
        j--;
      }
      order[j + 1] = a;
    }
  }

  /** Order positions n.. of the buffer by score (highest first), then index. */
  private sortFrom(n: number): void {
    const { order, scores } = this;
    const count = this.length - n;
    // Scores are sixteenths (values, /16 and *16 of them, history sums of squares): packed with
    // the index into exact integers, one native sort; anything else takes the comparator.
    let top = Number.NEGATIVE_INFINITY;
    let bottom = Number.POSITIVE_INFINITY;
    for (let i = n; i < this.length; i++) {
      const s = scores[order[i]!]! * 16;
      if (s !== Math.floor(s)) {
        top = Number.NaN;
        break;
      }
      if (s > top) top = s;
      if (s < bottom) bottom = s;
    }
    const width = 2 ** Math.ceil(Math.log2(this.count + 1));
    if (!((top - bottom + 1) * width < 2 ** 52)) {
      order.subarray(n, this.length).sort((a, b) => scores[b]! - scores[a]! || a - b);
      return;
    }
    if (sortKeys.length < count) sortKeys = new Float64Array(Math.max(count, sortKeys.length * 2));
    const keys = sortKeys.subarray(0, count);
    for (let i = 0; i < count; i++) {
      const index = order[n + i]!;
      keys[i] = (top - scores[index]! * 16) * width + index;
    }
    keys.sort();
    for (let i = 0; i < count; i++) order[n + i] = keys[i]! % width;
  }

  /**
   * Once every move in the order is picked: the moves of `scores` past the old ones follow, in
   * their order (they come after every other by score, then index). `buffer` may be a new one.
   */
  append(scores: Float64Array, buffer: Int32Array, count = scores.length): void {
    if (buffer !== this.order) buffer.set(this.order.subarray(0, this.length));
    for (let i = this.count; i < count; i++) buffer[this.length++] = i;
    this.scores = scores;
    this.count = count;
    this.order = buffer;
    this.sorted = true;
  }

  /**
   * Leave out the moves not yet picked (after the n-th pick) for which `keep` says no; the
   * picks that follow are the same as if they were picked and passed over.
   */
  keep(n: number, keep: (index: number) => boolean): void {
    const { order } = this;
    let to = n + 1;
    for (let i = n + 1; i < this.length; i++) if (keep(order[i]!)) order[to++] = order[i]!;
    this.length = to;
  }
}

/**
 * History scores by (move key * 2 + side): a Map's answers (0 when absent) from
 * an open-addressed table of typed arrays; move keys reach the millions, so no
 * flat array for them all (small keys have one). Grows at half full, so a lookup always ends at
 * an empty slot.
 */
const FLAT_KEYS = 1 << 15;
export class HistoryTable {
  /** Keys below FLAT_KEYS (all of Planar's, the ST3D drops) are read straight from here. */
  private readonly flat = new Float64Array(FLAT_KEYS);
  private keys = new Float64Array(1 << 12).fill(-1);
  private values = new Float64Array(1 << 12);
  private size = 0;
  /** Every key ever given a value (positiveKeys reads these, not the whole table). */
  private readonly touched: number[] = [];
  private readonly touchedFlat = new Uint8Array(FLAT_KEYS);
  /** No value is above this (values only grow, save while rewound). */
  max = 0;
  /** While recording (see begin): every add, as key and amount, so it can be taken back and made again. */
  private recording = 0;
  private logKeys: number[] = [];
  private logAmounts: number[] = [];

  /** Start recording adds; returns the mark to pass to rewind, replay and end. */
  begin(): number {
    this.recording++;
    return this.logKeys.length;
  }

  /** Stop the recording begun at `mark` (its adds stay made); the log is dropped when no recording is left. */
  end(mark: number): void {
    if (--this.recording === 0) {
      this.logKeys.length = mark;
      this.logAmounts.length = mark;
    }
  }

  /** Take back the adds made since `mark` (values are sums of integers: exactly the values at the mark). */
  rewind(mark: number): void {
    const { logKeys, logAmounts } = this;
    for (let i = logKeys.length - 1; i >= mark; i--) this.change(logKeys[i]!, -logAmounts[i]!);
  }

  /** Make the adds since `mark` again, after rewind. */
  replay(mark: number): void {
    const { logKeys, logAmounts } = this;
    for (let i = mark; i < logKeys.length; i++) this.change(logKeys[i]!, logAmounts[i]!);
  }

  /** Forget any recording (a search that was stopped). */
  reset(): void {
    this.recording = 0;
    this.logKeys.length = 0;
    this.logAmounts.length = 0;
  }

  private slot(key: number): number {
    const mask = this.keys.length - 1;
    let i = (Math.imul(key | 0, 0x9e3779b1) ^ ((key / 4294967296) | 0)) & mask;
    while (this.keys[i] !== -1 && this.keys[i] !== key) i = (i + 1) & mask;
    return i;
  }

  get(key: number): number {
    if (key < FLAT_KEYS) return this.flat[key]!;
    const i = this.slot(key);
    return this.keys[i] === key ? this.values[i]! : 0;
  }

  add(key: number, amount: number): void {
    const value = this.get(key) + amount;
    if (value > this.max) this.max = value;
    if (this.recording) {
      this.logKeys.push(key);
      this.logAmounts.push(amount);
    }
    this.change(key, amount);
  }

  /** Append to `out` the move keys (key = move key * 2 + side) of `side` whose value is above 0. */
  positiveKeys(side: number, out: number[]): void {
    const { touched } = this;
    for (let i = 0; i < touched.length; i++) {
      const key = touched[i]!;
      if (key % 2 === side && this.get(key) > 0) out.push((key - side) / 2);
    }
  }

  private change(key: number, amount: number): void {
    if (key < FLAT_KEYS) {
      this.flat[key]! += amount;
      if (!this.touchedFlat[key]) {
        this.touchedFlat[key] = 1;
        this.touched.push(key);
      }
      return;
    }
    const i = this.slot(key);
    if (this.keys[i] === key) {
      this.values[i]! += amount;
      return;
    }
    this.touched.push(key);
    this.keys[i] = key;
    this.values[i] = amount;
    if (++this.size * 2 > this.keys.length) this.grow();
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(-1);
    this.values = new Float64Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++)
      if (keys[i] !== -1) {
        const j = this.slot(keys[i]!);
        this.keys[j] = keys[i]!;
        this.values[j] = values[i]!;
      }
  }
}
