import { inject } from "vitest";
import { openDatabase, type DatabaseTransaction } from "@/lib/db";

/**
 * The schema owner's login, in one transaction: what only a database insider with the owner's
 * password may do (the app's own login may not), on the run's database unless `url` names another.
 */
export async function asOwner<T>(work: (tx: DatabaseTransaction) => Promise<T>, url = inject("ownerDatabaseUrl")): Promise<T> {
  const owner = openDatabase(url, 1);
  try {
    return await owner.db.transaction(work);
  } finally {
    await owner.close();
  }
}
