-- Issue 52: a tamper-evident audit trail. Each entry the app writes from now on carries an HMAC over
-- its content and the previous entry's, keyed by the app's secret, which the database never holds
-- (lib/audit/chain.ts); `npm run audit:check` names the first entry that breaks the chain.
ALTER TABLE "audit_log" ADD COLUMN "chain_hmac" text;
--> statement-breakpoint
-- The entries written before the chain began cannot be signed now (the key is not here): how many
-- there were and the last one's id are fixed in a function the app's login cannot replace, so a row
-- slipped in among them later is counted, and no unsigned row after them passes as one of them.
DO $$
DECLARE
  last_id bigint;
  entries bigint;
BEGIN
  SELECT coalesce(max(id), 0), count(*) INTO last_id, entries FROM public.audit_log;
  EXECUTE format(
    'CREATE FUNCTION public.audit_entries_before_chain(OUT last_id bigint, OUT entries bigint) AS $f$ SELECT %s::bigint, %s::bigint $f$ LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp',
    last_id, entries);
END
$$;
