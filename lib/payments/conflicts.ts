import "server-only";
import { sql } from "drizzle-orm";
import { bankStatements, statementLines, transactions } from "@/db/schema";
import type { Queryable } from "@/lib/db";

/**
 * One bank credit that several pending payments claim: an unused statement line whose UTR two or
 * more pending UPI payments give. Shown side by side for the admin to choose, never matched.
 */
export async function statementConflicts(db: Queryable) {
  const rows = await db.execute<{ utr: string; line_number: number; amount_paise: string; value_date: string | null; uploaded_at: Date; payments: number }>(sql`
    select distinct on (l.utr) l.utr, l.line_number, l.amount_paise, l.value_date, s.uploaded_at,
      (select count(*)::int from ${transactions} t where t.payment_reference = l.utr and t.status = 'pending' and t.mode = 'upi' and t.type in ('credit', 'form pay')) as payments
    from ${statementLines} l
    join ${bankStatements} s on s.id = l.statement_id
    where l.utr is not null
      and not exists (select 1 from ${transactions} r where r.payment_reference = l.utr and r.mode = 'upi' and r.type in ('credit', 'form pay') and (r.status = 'verified' or r.statement_line_id is not null))
      and (select count(*) from ${transactions} t where t.payment_reference = l.utr and t.status = 'pending' and t.mode = 'upi' and t.type in ('credit', 'form pay')) > 1
    order by l.utr, s.uploaded_at desc, l.line_number
    limit 50`);
  return rows.rows.map((row) => ({ utr: row.utr, lineNumber: row.line_number, amountPaise: Number(row.amount_paise), valueDate: row.value_date, uploadedAt: new Date(row.uploaded_at), payments: row.payments }));
}
