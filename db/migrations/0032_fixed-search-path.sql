-- Issue 52: protections that cannot be shadowed. A function without a fixed search_path looks its
-- tables up through the caller's: pg_temp is searched first when the path does not name it, so a
-- session that created a temporary table called attempts (or journal_lines) had the triggers read
-- that table instead, and they let a submitted attempt's answers change and an unbalanced entry in.
-- Every function of the schema now runs with one path, the temporary schema named last so nothing
-- there is found before public's tables. A function a later migration creates or replaces must say
-- the same (CREATE OR REPLACE drops the setting): tests/db/shadowing.test.ts lists any that does not.
-- The app's login also loses TEMP on the database (lib/db/privileges.ts, with the owner's rights).
DO $$
DECLARE
  signature regprocedure;
BEGIN
  FOR signature IN
    SELECT p.oid::regprocedure
      FROM pg_catalog.pg_proc p
      JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'
       AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend d WHERE d.classid = 'pg_catalog.pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET search_path = pg_catalog, public, pg_temp', signature);
  END LOOP;
END
$$;
