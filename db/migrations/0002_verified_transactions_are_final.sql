-- A verified ledger row is final: the database itself refuses to change or delete it,
-- whatever code path tries (the app answers 409 before it gets here).
CREATE FUNCTION refuse_change_to_verified_transaction() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'transaction % is verified and cannot be changed', OLD.id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_verified_is_final';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transactions_verified_is_final
  BEFORE UPDATE OR DELETE ON transactions
  FOR EACH ROW WHEN (OLD.status = 'verified')
  EXECUTE FUNCTION refuse_change_to_verified_transaction();
