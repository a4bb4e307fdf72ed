/**
 * Proves the audit trail untouched: `npm run audit:check`. Every entry written since the chain
 * began carries an HMAC over its content and the entry before it, under the app's secret (so run
 * it with the app's NEXTAUTH_SECRET, or on the data directory that holds it); entries from before
 * the chain are counted, as many as there were. Exits 1 naming the first entry that breaks it.
 */
import { SYSTEM } from "@/lib/auth";
import { checkAuditChain } from "@/lib/audit";
import { runOnConfiguredDatabase } from "./support/database-command";

await runOnConfiguredDatabase(async (_url, db) => {
  const { chained, beforeChain, broken } = await checkAuditChain(SYSTEM, db);
  if (broken) throw new Error(`The audit trail is broken at entry ${broken.id}: ${broken.why}.`);
  return `Audit trail intact: ${chained} entries chained${beforeChain > 0 ? `, ${beforeChain} written before the chain began` : ""}.`;
});
