/** Deterministic shuffles: the same seed gives a participant the same order on every resume. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A permutation of 0..length-1: position i shows original item permutation[i]. */
export function seededPermutation(length: number, seed: number): number[] {
  const random = mulberry32(seed);
  const order = Array.from({ length }, (_, index) => index);
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** A per-question seed derived from the attempt's seed and the question's position in the bank. */
export function questionSeed(attemptSeed: number, questionNumber: number): number {
  return (attemptSeed ^ Math.imul(questionNumber + 1, 0x9e3779b1)) >>> 0;
}
