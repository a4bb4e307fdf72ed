import "server-only";
import { sql } from "drizzle-orm";
import { service } from "@/lib/auth";
import { toCsv } from "@/lib/csv";
import { getDb, type Queryable } from "@/lib/db";
import { ACCOUNTS, dateRange, type Account, type TrialBalance, type TrialBalanceLine, type TrialBalanceQuery } from "./schemas";

const num = (value: unknown): number => Number(value ?? 0);

/** India midnight starting a "YYYY-MM-DD" day. */
const startOfIndiaDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
const DAY_MS = 86_400_000;

/** Tax withheld and not yet deposited: what tax_payable holds now. */
export async function taxPayablePaise(db: Queryable): Promise<number> {
  const { rows } = await db.execute<{ payable: string }>(sql`select coalesce(-sum(amount_paise), 0)::bigint as payable from journal_lines where account = 'tax_payable'`);
  return num(rows[0].payable);
}

/**
 * The trial balance of the India days `from` to `to` (both inclusive) by the entries' posting
 * time: each account's balance before the period, its debits and credits in it, and its balance
 * after. The wallets account is one line, the sum over every participant's wallet. Every account
 * is listed, moved or not, so the accountant sees the same rows each time.
 */
export const trialBalance = service("books.read", async (_actor, query: TrialBalanceQuery, now: Date = new Date()): Promise<TrialBalance> => {
  const { from, to } = dateRange(query, now);
  const fromAt = startOfIndiaDay(from);
  const toAt = new Date(startOfIndiaDay(to).getTime() + DAY_MS);
  const db = await getDb();
  return db.transaction(
    async (tx) => {
      const { rows } = await tx.execute<Record<string, unknown>>(sql`
        select l.account,
          coalesce(sum(l.amount_paise) filter (where e.posted_at < ${fromAt}), 0)::bigint as opening,
          coalesce(sum(l.amount_paise) filter (where e.posted_at >= ${fromAt} and e.posted_at < ${toAt} and l.amount_paise > 0), 0)::bigint as debits,
          coalesce(-sum(l.amount_paise) filter (where e.posted_at >= ${fromAt} and e.posted_at < ${toAt} and l.amount_paise < 0), 0)::bigint as credits,
          coalesce(sum(l.amount_paise) filter (where e.posted_at < ${toAt}), 0)::bigint as closing
        from journal_lines l join journal_entries e on e.id = l.entry_id
        group by l.account`);
      const byAccount = new Map(rows.map((row) => [String(row.account), row]));
      // An account outside the list (ledger:check names it) still shows, after the known ones.
      const accounts = [...ACCOUNTS, ...[...byAccount.keys()].filter((account) => !(ACCOUNTS as readonly string[]).includes(account)).sort()] as Account[];
      const lines: TrialBalanceLine[] = accounts.map((account) => {
        const row = byAccount.get(account);
        return { account, openingPaise: num(row?.opening), debitsPaise: num(row?.debits), creditsPaise: num(row?.credits), closingPaise: num(row?.closing) };
      });
      const sum = (key: keyof Omit<TrialBalanceLine, "account">) => lines.reduce((total, line) => total + line[key], 0);
      return {
        from,
        to,
        lines,
        totals: { openingPaise: sum("openingPaise"), debitsPaise: sum("debitsPaise"), creditsPaise: sum("creditsPaise"), closingPaise: sum("closingPaise") },
        taxPayablePaise: await taxPayablePaise(tx),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
});

/** What the CSV calls each account, for an accountant reading it without the app. */
const ACCOUNT_NAMES: Record<Account, string> = {
  bank: "Bank (money received and paid)",
  wallets: "Participant wallets (all participants)",
  entry_fees: "Entry fees earned",
  refunds: "Refunds of payments that had counted",
  referral_rewards: "Referral rewards",
  prizes: "Prizes awarded",
  prize_liability: "Prizes published, not yet paid",
  prize_recoverable: "Prizes paid above the current results, to recover",
  tax_payable: "Tax withheld, not yet deposited",
  gateway_clearing: "Payment gateway clearing (received through the gateway, not yet settled to the bank)",
  gateway_fees: "Payment gateway fees (with their tax)",
  suspense: "Suspense (movements the books cannot place)",
};

const rupeesCell = (paise: number) => (paise / 100).toFixed(2);

/** The trial balance as CSV for the accountant: amounts in rupees, balances with debits positive and credits negative. */
export const trialBalanceCsv = service("books.read", async (actor, query: TrialBalanceQuery, now: Date = new Date()): Promise<{ csv: string; from: string; to: string }> => {
  const balance = await trialBalance(actor, query, now);
  const header = ["Account", "Name", `Opening balance on ${balance.from} (₹, debit +)`, "Debits (₹)", "Credits (₹)", `Closing balance on ${balance.to} (₹, debit +)`];
  const row = (account: string, name: string, line: Omit<TrialBalanceLine, "account">) => [account, name, rupeesCell(line.openingPaise), rupeesCell(line.debitsPaise), rupeesCell(line.creditsPaise), rupeesCell(line.closingPaise)];
  const csv = toCsv([header, ...balance.lines.map((line) => row(line.account, ACCOUNT_NAMES[line.account] ?? line.account, line)), row("total", "Total", balance.totals)]);
  return { csv, from: balance.from, to: balance.to };
});
