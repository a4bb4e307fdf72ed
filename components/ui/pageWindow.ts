/**
 * The numbers to show in a pager: up to `size` consecutive positions in [first, last] around
 * `current`, kept full near either end (SPEC §2: blog pages and quiz question buttons).
 */
export function pageWindow(current: number, first: number, last: number, size = 5): number[] {
  const count = Math.min(size, last - first + 1);
  const start = Math.min(Math.max(first, current - Math.floor(size / 2)), last - count + 1);
  return Array.from({ length: Math.max(0, count) }, (_, offset) => start + offset);
}
