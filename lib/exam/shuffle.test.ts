import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, connectDatabase } from "@/lib/db";
import { questionSeed, seededPermutation } from "./shuffle";

afterAll(closeDatabase);

describe("seeded shuffles", () => {
  it("are permutations, stable for a seed and different across seeds", () => {
    const first = seededPermutation(25, 12345);
    expect([...first].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(seededPermutation(25, 12345)).toEqual(first);
    expect(seededPermutation(25, 54321)).not.toEqual(first);
  });

  it("give each question its own option order", () => {
    const orders = new Set(Array.from({ length: 10 }, (_, n) => seededPermutation(4, questionSeed(99, n)).join("")));
    expect(orders.size).toBeGreaterThan(3);
  });

  // An answer save maps the option shown back to the original in the database (migration 0031),
  // the start shows them in this module's order: one differing bit and a participant's answer is
  // stored as another option.
  it("order a question's options in the database as here, for any attempt seed and position", async () => {
    const random32 = () => (Math.random() * 2 ** 32) | 0;
    const seeds = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 0x6d2b79f5, ...Array.from({ length: 5000 }, random32)];
    const positions = seeds.map((_, index) => (index < 200 ? index : Math.floor(Math.random() * 500)));
    const { pool } = await connectDatabase();
    const { rows } = await pool.query<{ shown: number[] }>(
      "select array[original_option(seed, position, 0::smallint), original_option(seed, position, 1::smallint), original_option(seed, position, 2::smallint), original_option(seed, position, 3::smallint)] as shown from unnest($1::integer[], $2::integer[]) with ordinality as t(seed, position, n) order by n",
      [seeds, positions],
    );
    const differing = seeds.filter((seed, index) => rows[index].shown.join() !== seededPermutation(4, questionSeed(seed, positions[index])).join());
    expect(differing).toEqual([]);
    expect(new Set(rows.map((row) => row.shown.join())).size).toBe(24);
  });

  // A question has 2 to 6 options (issue 53): the database's general order for any count is this
  // module's too, and for four options the same as original_option's table.
  it("order 2 to 6 options in the database as here", async () => {
    const random32 = () => (Math.random() * 2 ** 32) | 0;
    const seeds = [0, -1, 2 ** 31 - 1, -(2 ** 31), ...Array.from({ length: 1000 }, random32)];
    const { pool } = await connectDatabase();
    for (const count of [2, 3, 4, 5, 6]) {
      const { rows } = await pool.query<{ shown: number[] }>(
        "select array(select original_option_among(seed, position, shown::smallint, $3) from generate_series(0, $3 - 1) shown order by shown) as shown from unnest($1::integer[], $2::integer[]) with ordinality as t(seed, position, n) order by n",
        [seeds, seeds.map((_, index) => index % 40), count],
      );
      const differing = seeds.filter((seed, index) => rows[index].shown.join() !== seededPermutation(count, questionSeed(seed, index % 40)).join());
      expect({ count, differing }).toEqual({ count, differing: [] });
    }
  });
});
