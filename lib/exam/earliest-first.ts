/**
 * Items kept in the order of a time they carry, the earliest first (a binary heap): the places a
 * line holds by their turns, so the late are found whatever order they were handed out in.
 */
export function earliestFirst<T>(timeOf: (item: T) => number) {
  let items: T[] = [];
  const before = (a: number, b: number) => timeOf(items[a]) < timeOf(items[b]);
  const swap = (a: number, b: number) => void ([items[a], items[b]] = [items[b], items[a]]);
  return {
    push(item: T): void {
      items.push(item);
      for (let child = items.length - 1; child > 0; ) {
        const parent = (child - 1) >> 1;
        if (!before(child, parent)) break;
        swap(child, parent);
        child = parent;
      }
    },
    /** The earliest item, left in place; undefined when there is none. */
    peek(): T | undefined {
      return items[0];
    },
    /** Takes the earliest item out. */
    pop(): T | undefined {
      const earliest = items[0];
      const last = items.pop();
      if (items.length > 0 && last !== undefined) {
        items[0] = last;
        for (let parent = 0; ; ) {
          const [left, right] = [2 * parent + 1, 2 * parent + 2];
          let first = parent;
          if (left < items.length && before(left, first)) first = left;
          if (right < items.length && before(right, first)) first = right;
          if (first === parent) break;
          swap(first, parent);
          parent = first;
        }
      }
      return earliest;
    },
    clear(): void {
      items = [];
    },
  };
}
