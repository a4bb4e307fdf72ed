-- Issue 52: a free pass is entry credit, not cash. It no longer becomes a wallet credit (which could
-- be withdrawn); it pays one later quiz's entry fee directly: a verified 'form pay' row of that
-- quiz's own fee, mode 'wallet' and reason 'freePassEntry', named by the free_pass_redemptions row
-- of the pass it used. Its entry books the fee as earned and paid by a prize in kind (prizes
-- expense), and never touches a wallet. 'freePassCredit' stays for the credits written before.
CREATE OR REPLACE FUNCTION public.journal_accounts_of(t public.transactions, OUT debit_account text, OUT debit_user uuid, OUT credit_account text, OUT credit_user uuid, OUT memo text)
SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF t.type = 'form pay' THEN
    IF t.mode = 'upi' THEN
      debit_account := 'bank';
      memo := 'Entry fee (' || t.mode || ')';
    ELSIF t.reason = 'freePassEntry' THEN
      debit_account := 'prizes';
      memo := 'Entry fee paid by a free-pass prize';
    ELSE
      debit_account := 'wallets'; debit_user := t.user_id;
      memo := 'Entry fee (' || t.mode || ')';
    END IF;
    credit_account := 'entry_fees';
  ELSIF t.type = 'credit' THEN
    credit_account := 'wallets';
    credit_user := t.user_id;
    IF t.mode = 'upi' THEN
      debit_account := 'bank'; memo := 'Wallet top-up by UPI';
    ELSIF t.refund_of_id IS NOT NULL THEN
      -- Money that had counted is given back through refunds; money that arrived but never
      -- counted (a duplicate fee matched to its bank line) is received and passed to the wallet.
      IF (SELECT r.status FROM public.transactions r WHERE r.id = t.refund_of_id) = 'verified' THEN
        debit_account := 'refunds'; memo := 'Refund of a payment that had counted';
      ELSE
        debit_account := 'bank'; memo := 'Refund of a payment received but not counted';
      END IF;
    ELSIF t.reason = 'referralReward' THEN
      debit_account := 'referral_rewards'; memo := 'Referral reward';
    ELSIF t.reason = 'freePassCredit' THEN
      debit_account := 'prizes'; memo := 'Free-pass prize redeemed';
    ELSE
      debit_account := 'suspense'; memo := 'Wallet credit of unknown kind: ' || t.reason;
    END IF;
  ELSE
    IF t.reason = 'prizePayout' THEN
      debit_account := 'prize_liability'; credit_account := 'bank'; memo := 'Prize paid (net of tax)';
    ELSIF t.reason = 'prizeTaxWithheld' THEN
      debit_account := 'prize_liability'; credit_account := 'tax_payable'; memo := 'Tax withheld from a prize';
    ELSE
      debit_account := 'wallets'; debit_user := t.user_id; credit_account := 'bank'; memo := 'Withdrawal from a wallet';
    END IF;
  END IF;
END;
$$ LANGUAGE plpgsql STABLE;
