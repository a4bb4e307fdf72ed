import Link from "next/link";
import type { ReactNode } from "react";

/** In the spec's order (with our own between); the first is where the panel opens. */
const TABS = [
  // Ours, and first (issue 22): organisers decide from numbers, so the panel opens on them.
  { key: "overview", label: "Overview" },
  { key: "quizzes", label: "Manage Quizzes" },
  { key: "questions", label: "Manage Questions" },
  { key: "responses", label: "Manage Responses" },
  // Ours too: the provisional answer key, objections to it and the decisions that rescore.
  { key: "answer-keys", label: "Answer Keys" },
  { key: "notifications", label: "Send Notification" },
  { key: "transactions", label: "Transaction Management" },
  // Ours: winners' cash-prize claims, their payment, and the tax withheld.
  { key: "prize-claims", label: "Prize claims" },
  // Ours: the double-entry books, a trial balance for the accountant, and tax deposits.
  { key: "books", label: "Books" },
  { key: "blog", label: "Manage Blog" },
  // Not in the spec's list: the contact form's messages are stored, so admins need to read them.
  { key: "messages", label: "Contact Messages" },
  // Also ours: mail, push and the overdue-exam sweep run in the background, and failures must show.
  { key: "jobs", label: "Background Jobs" },
  // Ours: who decided what and when, append-only, for disputes about payments, roles and exams.
  { key: "audit", label: "Audit trail" },
] as const;

export type AdminTab = (typeof TABS)[number]["key"];

/** An unknown or missing ?tab= opens the starting tab rather than an error. */
export function adminTab(value: string | string[] | undefined): AdminTab {
  return TABS.find((tab) => tab.key === value)?.key ?? TABS[0].key;
}

function adminTabLabel(tab: AdminTab): string {
  return TABS.find(({ key }) => key === tab)!.label;
}

/**
 * The side tabs are plain links carrying ?tab=, so each tab is rendered on the server and can be
 * bookmarked; a links list with aria-current is used rather than an ARIA tablist for that reason.
 */
export function AdminTabs({ current, children }: { current: AdminTab; children: ReactNode }) {
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Admin panel sections">
        <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
          {TABS.map((tab) => {
            const active = tab.key === current;
            return (
              <li key={tab.key}>
                <Link
                  href={`/adminpanel?tab=${tab.key}`}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand ${
                    active ? "bg-brand text-white" : "text-slate-800 hover:bg-slate-100"
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="admin-tab-heading" className="min-w-0">
        <h2 id="admin-tab-heading" className="mb-4 text-xl font-semibold">{adminTabLabel(current)}</h2>
        {children}
      </section>
    </div>
  );
}
