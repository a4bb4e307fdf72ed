/**
 * The places a line has handed out and not yet let in, numbered in the order they were handed
 * out: how many are still out ahead of a place, exactly, whatever order the holders come back in
 * (a Fenwick tree over the places since the line last forgot them all).
 */
export function placesInLine() {
  let first = 0;
  let handedOut = 0;
  // out[i] is 1 while place first + i is out; tree[i] sums out over (i - lowbit(i), i], 1-based.
  let out = new Uint8Array(1024);
  let tree = new Int32Array(out.length + 1);

  function add(offset: number, delta: number): void {
    for (let index = offset + 1; index < tree.length; index += index & -index) tree[index] += delta;
  }

  function grow(): void {
    const marks = out;
    out = new Uint8Array(marks.length * 2);
    out.set(marks);
    tree = new Int32Array(out.length + 1);
    marks.forEach((mark, offset) => mark && add(offset, 1));
  }

  return {
    /** A new place, behind every other. */
    handOut(): number {
      const offset = handedOut - first;
      if (offset >= out.length) grow();
      out[offset] = 1;
      add(offset, 1);
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
      let sum = 0;
      for (let index = Math.min(place, handedOut) - first; index > 0; index -= index & -index) sum += tree[index];
      return sum;
    },
    /** Forgets every place handed out: their holders are not coming back. */
    forgetAll(): void {
      first = handedOut;
      out = new Uint8Array(1024);
      tree = new Int32Array(out.length + 1);
    },
  };
}
