import { afterAll, describe, expect, it } from "vitest";
import { GET as pending } from "@/app/api/wallet/pending/route";
import { PUT as review } from "@/app/api/wallet/transaction/[id]/route";
import { transactions } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import type { ActiveUser } from "@/lib/auth";
import { call } from "../support/http";
import { admin, participant } from "../support/users";

afterAll(closeDatabase);

async function pendingTopUp(user: ActiveUser): Promise<string> {
  const db = await getDb();
  const [row] = await db.insert(transactions).values({ userId: user.id, type: "credit", mode: "upi", status: "pending", amountPaise: 10_000, reason: "walletAddMoney" }).returning();
  return row.id;
}

describe("GET /api/wallet/pending", () => {
  it("lists the caller's own transactions still waiting for an admin, and drops one once it is decided", async () => {
    const [user, other, reviewer] = [await participant(), await participant(), await admin()];
    const [first, second] = [await pendingTopUp(user), await pendingTopUp(user)];
    await pendingTopUp(other);

    const before = await call(pending, { as: user });
    expect(before.status).toBe(200);
    expect((before.body.pending as string[]).toSorted()).toEqual([first, second].toSorted());

    expect((await call(review, { as: reviewer, method: "PUT", params: { id: first }, json: { paymentVerified: "verified" } })).status).toBe(200);
    expect((await call(pending, { as: user })).body).toEqual({ pending: [second] });
  });

  it("is for members only", async () => {
    expect((await call(pending)).status).toBe(401);
  });
});
