import Link from "next/link";
import type { ReactNode } from "react";
import type { ActivityDay, FinishedQuiz, ItemAnalysis, ItemFlag, PendingVerifications, QuizSeats, ScoreDistribution } from "@/lib/insights/schemas";
import { ACTIVITY_DAYS, keyLabel, OPTION_LETTERS } from "@/lib/insights/schemas";
import { TextOrImage } from "@/components/ui/TextOrImage";
import { formatIndiaDate, formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { ChartSpec } from "./chartTypes";
import { OverviewChart } from "./OverviewChart";

/** A finished quiz chosen on the Overview, with its scores and item analysis. */
interface ChosenQuiz {
  quiz: FinishedQuiz;
  scores: ScoreDistribution;
  analysis: ItemAnalysis;
}

export interface OverviewLoaded {
  activity: ActivityDay[];
  pending: PendingVerifications;
  seats: QuizSeats[];
  finished: FinishedQuiz[];
  chosen: ChosenQuiz | null;
}

// Tailwind's sky-700, amber-500 and emerald-800: distinct in hue and in lightness.
const COLOURS = { first: "#0369a1", second: "#f59e0b", third: "#065f46", muted: "#94a3b8" };
const count = new Intl.NumberFormat("en-IN");
const percent = new Intl.NumberFormat("en-IN", { style: "percent", maximumFractionDigits: 0 });
const dayLabel = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short" });

const FLAG_TEXT: Record<ItemFlag, string> = {
  "negative discrimination": "the weakest takers chose the key more often than the strongest",
  "distractor beats key": "a wrong option drew more takers than the key",
};

/** The admin panel's first tab: what an organiser decides from, each chart with its table and CSV. */
export function OverviewTab({ loaded }: { loaded: OverviewLoaded | null }) {
  if (!loaded) return <p role="alert" className="text-red-700">The overview could not be loaded. Please reload the page.</p>;
  const { activity, pending, seats, finished, chosen } = loaded;
  return (
    <div className="flex flex-col gap-8">
      <Summary activity={activity} pending={pending} />
      <ActivitySection activity={activity} />
      <PendingSection pending={pending} />
      <SeatsSection seats={seats} />
      <FinishedSection finished={finished} chosen={chosen} />
    </div>
  );
}

function Summary({ activity, pending }: { activity: ActivityDay[]; pending: PendingVerifications }) {
  const sum = (pick: (day: ActivityDay) => number) => activity.reduce((total, day) => total + pick(day), 0);
  const oldest = pending.oldest[0];
  const figures: [string, string][] = [
    [`Revenue, last ${ACTIVITY_DAYS} days (less refunds)`, formatRupeesWithSymbol(sum((day) => day.revenuePaise - day.refundedPaise))],
    [`Verified payments, last ${ACTIVITY_DAYS} days`, count.format(sum((day) => day.verifiedPayments))],
    [`Registrations, last ${ACTIVITY_DAYS} days`, count.format(sum((day) => day.registrations))],
    [`New accounts, last ${ACTIVITY_DAYS} days`, count.format(sum((day) => day.newAccounts))],
    ["Waiting for verification", oldest ? `${count.format(pending.total)} (oldest ${formatAge(oldest.ageSeconds)})` : "None"],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums sm:text-xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActivitySection({ activity }: { activity: ActivityDay[] }) {
  const data = activity.map((day) => ({ ...day, label: dayLabel.format(new Date(`${day.day}T00:00:00Z`)) }));
  const counts: ChartSpec = {
    kind: "bar",
    data,
    x: "label",
    series: [
      { key: "registrations", label: "Registrations", color: COLOURS.first },
      { key: "verifiedPayments", label: "Verified payments", color: COLOURS.second },
      { key: "newAccounts", label: "New accounts", color: COLOURS.third },
    ],
  };
  const money: ChartSpec = {
    kind: "line",
    data,
    x: "label",
    unit: "rupees",
    series: [
      { key: "revenuePaise", label: "Revenue", color: COLOURS.first },
      { key: "refundedPaise", label: "Refunded", color: COLOURS.second },
    ],
  };
  return (
    <Section id="overview-activity" title="Registrations, payments and revenue by day" csv="/api/insights/csv?table=activity">
      <p className="text-sm text-slate-700">
        India days. Registrations are entry fees submitted; verified payments and revenue count entry fees on the day they were verified (free entries moved no money and are left out).
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <OverviewChart spec={counts} />
        <OverviewChart spec={money} />
      </div>
      <DataTable
        caption="Registrations, payments and revenue by day"
        head={["Day", "New accounts", "Registrations", "Verified payments", "Revenue", "Refunded"]}
        rows={[...activity].reverse().map((day) => ({
          key: day.day,
          cells: [day.day, count.format(day.newAccounts), count.format(day.registrations), count.format(day.verifiedPayments), formatRupeesWithSymbol(day.revenuePaise), formatRupeesWithSymbol(day.refundedPaise)],
        }))}
      />
    </Section>
  );
}

const AGE_BUCKETS: [string, number][] = [
  ["Under 1 hour", 3600],
  ["1 to 24 hours", 86_400],
  ["1 to 3 days", 3 * 86_400],
  ["Over 3 days", Infinity],
];

function PendingSection({ pending }: { pending: PendingVerifications }) {
  const buckets = AGE_BUCKETS.map(([label, below], index) => ({
    label,
    payments: pending.oldest.filter((row) => row.ageSeconds < below && (index === 0 || row.ageSeconds >= AGE_BUCKETS[index - 1][1])).length,
  }));
  return (
    <Section id="overview-pending" title="Payments waiting for verification" csv="/api/insights/csv?table=pending">
      <p className="text-sm text-slate-700">
        {pending.total === 0
          ? "No payment is waiting."
          : `${count.format(pending.total)} waiting${pending.total > pending.oldest.length ? `; the oldest ${count.format(pending.oldest.length)} are shown and charted` : ""}. Review them under `}
        {pending.total > 0 && <Link href="/adminpanel?tab=transactions" className="text-brand underline">Transaction Management</Link>}
        {pending.total > 0 && "."}
      </p>
      {pending.total > 0 && (
        <>
          <OverviewChart spec={{ kind: "bar", data: buckets, x: "label", series: [{ key: "payments", label: "Payments", color: COLOURS.first }] }} height={200} />
          <DataTable
            caption="Payments waiting for verification, oldest first"
            head={["Waiting", "Participant", "For", "Amount", "Submitted", "On a bank statement"]}
            rows={pending.oldest.map((row) => ({
              key: row.id,
              cells: [formatAge(row.ageSeconds), row.participantName, row.quizTitle ?? (row.type === "credit" ? "Wallet top-up" : "Withdrawal"), formatRupeesWithSymbol(row.amountPaise), formatIndiaDateTime(row.createdAt), row.statementMatched ? "Matched" : "No"],
            }))}
          />
        </>
      )}
    </Section>
  );
}

function SeatsSection({ seats }: { seats: QuizSeats[] }) {
  const limited = seats.filter((quiz) => quiz.capacity !== null);
  return (
    <Section id="overview-seats" title="Seats left per quiz" csv="/api/insights/csv?table=seats">
      {seats.length === 0 ? (
        <p className="text-sm text-slate-700">No quiz is open or coming up.</p>
      ) : (
        <>
          {limited.length > 0 && (
            <OverviewChart
              spec={{
                kind: "bar",
                stacked: true,
                data: limited.map((quiz) => ({ label: shorten(quiz.title, 18), registered: quiz.registered, seatsLeft: quiz.seatsLeft })),
                x: "label",
                series: [
                  { key: "registered", label: "Registered", color: COLOURS.first },
                  { key: "seatsLeft", label: "Seats left", color: COLOURS.muted },
                ],
              }}
              height={220}
            />
          )}
          <DataTable
            caption="Seats left per quiz whose exam has not ended"
            head={["Quiz", "Capacity", "Registered (verified)", "Payments pending", "Seats left", "Registration closes"]}
            rows={seats.map((quiz) => ({
              key: quiz.id,
              cells: [quiz.title, quiz.capacity === null ? "Unlimited" : count.format(quiz.capacity), count.format(quiz.registered), count.format(quiz.pending), quiz.seatsLeft === null ? "Unlimited" : count.format(quiz.seatsLeft), formatIndiaDateTime(quiz.formEndAt)],
            }))}
          />
        </>
      )}
    </Section>
  );
}

function FinishedSection({ finished, chosen }: { finished: FinishedQuiz[]; chosen: ChosenQuiz | null }) {
  return (
    <section aria-labelledby="overview-finished" className="flex flex-col gap-4">
      <h3 id="overview-finished" className="text-lg font-semibold">Finished quizzes</h3>
      {finished.length === 0 ? (
        <p className="text-sm text-slate-700">No quiz has finished yet.</p>
      ) : (
        <nav aria-label="Finished quizzes">
          <ul className="flex flex-wrap gap-2">
            {finished.map((quiz) => {
              const current = quiz.id === chosen?.quiz.id;
              return (
                <li key={quiz.id}>
                  <Link
                    href={`/adminpanel?tab=overview&quiz=${quiz.id}#overview-finished`}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-lg border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand ${current ? "border-brand bg-brand text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
                  >
                    {quiz.title} <span className={current ? "" : "text-slate-600"}>({formatIndiaDate(quiz.examEndAt)}, {count.format(quiz.takers)} takers{quiz.resultsPublishedAt ? ", results out" : ""})</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {chosen && <ChosenQuizSection chosen={chosen} />}
    </section>
  );
}

function ChosenQuizSection({ chosen: { quiz, scores, analysis } }: { chosen: ChosenQuiz }) {
  const flagged = analysis.items.filter((item) => item.flags.length > 0);
  const csv = (table: "scores" | "items") => `/api/insights/csv?table=${table}&quiz=${quiz.id}`;
  return (
    <div className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <h4 className="text-base font-semibold">{quiz.title}</h4>
      {flagged.length > 0 ? (
        <div className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">Check the key of {flagged.length === 1 ? "this question" : `these ${flagged.length} questions`} before results are out:</p>
          <ul className="mt-1 list-disc pl-5">
            {flagged.map((item) => (
              <li key={item.questionId}>
                Question {item.number} (key {keyLabel(item)}): {item.flags.map((flag) => FLAG_TEXT[flag]).join("; ")}.
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{analysis.takers === 0 ? "Nobody took this quiz." : "No question looks mis-keyed."}</p>
      )}

      <Section id="overview-scores" title="Score distribution" csv={csv("scores")} level={5}>
        <p className="text-sm text-slate-700">{count.format(scores.takers)} submitted attempts (disqualified ones left out), out of {scores.maxScore} marks.</p>
        <OverviewChart spec={{ kind: "bar", data: scores.buckets, x: "score", series: [{ key: "attempts", label: "Attempts", color: COLOURS.first }] }} height={220} />
        <DataTable caption={`Score distribution of ${quiz.title}`} head={["Score", "Attempts"]} rows={scores.buckets.map((bucket) => ({ key: String(bucket.score), cells: [String(bucket.score), count.format(bucket.attempts)] }))} />
      </Section>

      <Section id="overview-items" title="Item analysis" csv={csv("items")} level={5}>
        <p className="text-sm text-slate-700">
          Share correct: takers whose answer is right (the key, exactly the correct options, or a number within the accepted range). Discrimination: share correct among the top 27 % by score ({count.format(analysis.groupSize)} takers) less among the bottom 27 %; near 0 or below, the question does not separate strong from weak takers, and below 0 its key is suspect.
        </p>
        <OverviewChart
          spec={{
            kind: "bar",
            unit: "ratio",
            data: analysis.items.map((item) => ({ label: `Q${item.number}`, shareCorrect: item.shareCorrect, discrimination: item.discrimination })),
            x: "label",
            series: [
              { key: "shareCorrect", label: "Share correct", color: COLOURS.first },
              { key: "discrimination", label: "Discrimination", color: COLOURS.second },
            ],
          }}
        />
        <DataTable
          caption={`Item analysis of ${quiz.title}`}
          head={["Question", "Key", "Share correct", "Discrimination", ...OPTION_LETTERS.map((letter) => `Chose ${letter}`), "Blank", "Check"]}
          rows={analysis.items.map((item) => ({
            key: item.questionId,
            flagged: item.flags.length > 0,
            cells: [
              <span key="q" className="flex min-w-48 gap-1">
                {item.number}.{" "}
                {/* Formulas as the exam shows them, not their LaTeX; three lines at most, the CSV has the rest. */}
                <span className="line-clamp-3 text-slate-700">{item.html ? <TextOrImage text={item.text} html={item.html} alt={`Question ${item.number}`} size="thumbnail" /> : shorten(item.text, 60)}</span>
              </span>,
              item.dropped ? `${keyLabel(item)} (dropped)` : keyLabel(item),
              item.shareCorrect === null ? "–" : percent.format(item.shareCorrect),
              item.discrimination === null ? "–" : item.discrimination.toFixed(2),
              ...OPTION_LETTERS.map((letter, option) => {
                if (option >= item.optionCounts.length) return "–";
                const chose = count.format(item.optionCounts[option]);
                return option === item.keyOptionIndex ? <strong key={letter}>{chose}</strong> : chose;
              }),
              count.format(item.unanswered),
              item.flags.length > 0 ? "Check the key" : "",
            ],
          }))}
        />
      </Section>
    </div>
  );
}

function Section({ id, title, csv, level = 3, children }: { id: string; title: string; csv: string; level?: 3 | 5; children: ReactNode }) {
  const Heading = level === 3 ? "h3" : "h5";
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={id} className={level === 3 ? "text-lg font-semibold" : "text-base font-semibold"}>
          {title}
        </Heading>
        <a href={csv} download aria-label={`Download CSV of ${title.toLowerCase()}`} className="text-sm font-medium text-brand underline focus-visible:outline-2 focus-visible:outline-brand">
          Download CSV
        </a>
      </div>
      {children}
    </section>
  );
}

interface Row {
  key: string;
  cells: ReactNode[];
  flagged?: boolean;
}

/** The chart's text equivalent: a scrollable region a keyboard can reach on a phone. */
function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: Row[] }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr className="border-b border-slate-300">
            {head.map((label, index) => (
              <th key={label} scope="col" className={`px-3 py-2 whitespace-nowrap ${index === 0 ? "" : "text-right"}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={`border-b border-slate-200 ${row.flagged ? "bg-red-50 font-medium text-red-900" : ""}`}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="min-w-32 px-3 py-2 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "45 min", "5 h", "2 d 3 h": how long a payment has waited. */
function formatAge(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.floor(seconds / 60))} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
