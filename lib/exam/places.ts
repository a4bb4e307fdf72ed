/**
 * The places a line has handed out and not yet let in, numbered in the order they were handed
 * out: how many are still out ahead of a place, exactly, whatever order the holders come back in
 * (a Fenwick tree over the places since the line last forgot them all). Each place keeps when it
 * was handed out, so a place another instance's line gave is counted too: behind every place here
 * handed out before it.
 */
export function placesInLine() {
  let first = 0;
  let handedOut = 0;
  // out[i] is 1 while place first + i is out; tree[i] sums out over (i - lowbit(i), i], 1-based.
  let out = new Uint8Array(1024);
  let tree = new Int32Array(out.length + 1);
  // When place first + i was handed out, never earlier than the one before it.
  let handedAt = new Float64Array(out.length);

  function add(offset: number, delta: number): void {
    for (let index = offset + 1; index < tree.length; index += index & -index) tree[index] += delta;
  }

  function grow(): void {
    const marks = out;
    out = new Uint8Array(marks.length * 2);
    out.set(marks);
    tree = new Int32Array(out.length + 1);
    marks.forEach((mark, offset) => mark && add(offset, 1));
    const times = handedAt;
    handedAt = new Float64Array(out.length);
    handedAt.set(times);
  }

  /** How many places before `offset` (the first offset counted out) are still out. */
  function outBefore(offset: number): number {
    let sum = 0;
    for (let index = offset; index > 0; index -= index & -index) sum += tree[index];
    return sum;
  }

  return {
    /** A new place, behind every other, handed out at `at` (any clock the line keeps). */
    handOut(at = 0): number {
      const offset = handedOut - first;
      if (offset >= out.length) grow();
      out[offset] = 1;
      add(offset, 1);
      handedAt[offset] = offset > 0 ? Math.max(at, handedAt[offset - 1]) : at;
      return handedOut++;
    },
    /** The holder of `place` was let in: it is ahead of no one any more. */
    letIn(place: number): void {
      const offset = place - first;
      if (offset < 0 || place >= handedOut || !out[offset]) return;
      out[offset] = 0;
      add(offset, -1);
    },
    /** How many places handed out before `place` are still out (0 for a place already forgotten). */
    ahead(place: number): number {
      return outBefore(Math.min(place, handedOut) - first);
    },
    /** How many places handed out before `at` are still out: those ahead of a place given then by another line. */
    aheadOf(at: number): number {
      // The first offset handed out at or after `at` (times never go back).
      let [low, high] = [0, handedOut - first];
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (handedAt[middle] < at) low = middle + 1;
        else high = middle;
      }
      return outBefore(low);
    },
    /** Forgets every place handed out: their holders are not coming back. */
    forgetAll(): void {
      first = handedOut;
      out = new Uint8Array(1024);
      tree = new Int32Array(out.length + 1);
      handedAt = new Float64Array(out.length);
    },
  };
}
