import "server-only";
import { asc, isNull } from "drizzle-orm";
import { prizeTiers } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";

/** The default prize table, used by every quiz that has none of its own. */
export const defaultPrizeTable = service("results.view", async () => {
  const db = await getDb();
  return db
    .select({ rankFrom: prizeTiers.rankFrom, rankTo: prizeTiers.rankTo, kind: prizeTiers.kind, amountPaise: prizeTiers.amountPaise })
    .from(prizeTiers)
    .where(isNull(prizeTiers.quizId))
    .orderBy(asc(prizeTiers.rankFrom));
});
