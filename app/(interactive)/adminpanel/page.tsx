import type { Metadata } from "next";
import { AdminTabs, adminTab, type AdminTab } from "@/components/admin/AdminTabs";
import { AnswerKeysTab } from "@/components/admin/AnswerKeysTab";
import { AuditTrailTab, auditTabFilter } from "@/components/admin/AuditTrailTab";
import { BlogTab } from "@/components/admin/BlogTab";
import { BooksTab } from "@/components/admin/BooksTab";
import { ContactMessagesTab } from "@/components/admin/ContactMessagesTab";
import { JobsTab } from "@/components/admin/JobsTab";
import { PrizeClaimsTab } from "@/components/admin/PrizeClaimsTab";
import { QuestionsTab, questionFilter } from "@/components/admin/QuestionsTab";
import { QuizzesTab } from "@/components/admin/QuizzesTab";
import { ResponseDetail } from "@/components/admin/ResponseDetail";
import { ResponsesTab, responsesHref, responsesQuery } from "@/components/admin/ResponsesTab";
import { OverviewTab } from "@/components/admin/overview/OverviewTab";
import { SendNotificationForm } from "@/components/admin/SendNotificationForm";
import { TransactionManagement, reviewFilter } from "@/components/admin/TransactionManagement";
import { PageTitle } from "@/components/ui/PageTitle";
import { requirePermission, type ActiveUser } from "@/lib/auth";
import { blogCategories } from "@/lib/blog";
import { trialBalanceQuery } from "@/lib/books/schemas";
import { listContactMessages } from "@/lib/contact";
import { queueCounts } from "@/lib/jobs";
import { loadAnswerKeys, loadAuditTrail, loadBlogPosts, loadBooks, loadOverview, loadPrizeClaims, loadPrizesToRecover, loadQuestionBank, loadQuizzesAndBank, loadResponse, loadResponseList, loadStatementMapping, loadTransactionsForReview } from "./load-tab";

export const metadata: Metadata = { title: "Admin panel", robots: { index: false } };

type SearchParams = Record<string, string | string[] | undefined>;

/** A search parameter given once, or nothing (an empty field counts as not given). */
function textOf(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Only the open tab's data is loaded. */
async function TabContent({ tab, searchParams, admin }: { tab: AdminTab; searchParams: SearchParams; admin: ActiveUser }) {
  switch (tab) {
    case "overview":
      return <OverviewTab loaded={await loadOverview(admin, typeof searchParams.quiz === "string" ? searchParams.quiz : undefined)} />;
    case "quizzes":
      return <QuizzesTab loaded={await loadQuizzesAndBank(admin)} />;
    case "questions": {
      const filter = questionFilter(searchParams);
      return <QuestionsTab filter={filter} loaded={await loadQuestionBank(admin, filter)} />;
    }
    case "responses": {
      const { quizId, attemptId } = responsesQuery(searchParams);
      if (attemptId) return <ResponseDetail loaded={await loadResponse(admin, attemptId, quizId)} backHref={responsesHref(quizId)} />;
      return <ResponsesTab quizId={quizId} list={await loadResponseList(admin, quizId)} />;
    }
    case "answer-keys": {
      const quizId = typeof searchParams.quiz === "string" ? searchParams.quiz : undefined;
      return <AnswerKeysTab quizId={quizId} loaded={await loadAnswerKeys(admin, quizId)} />;
    }
    case "notifications":
      return <SendNotificationForm admin={{ id: admin.id, name: admin.name }} />;
    case "transactions": {
      const filter = reviewFilter(searchParams);
      const [list, mapping] = await Promise.all([loadTransactionsForReview(admin, filter), loadStatementMapping(admin)]);
      return <TransactionManagement filter={filter} list={list} statementMapping={mapping} />;
    }
    case "prize-claims": {
      const [claims, toRecover] = await Promise.all([loadPrizeClaims(admin), loadPrizesToRecover(admin)]);
      return <PrizeClaimsTab claims={claims} toRecover={toRecover} now={new Date()} />;
    }
    case "books": {
      // A period that does not parse is shown as the financial year to date, with the reason.
      const range = trialBalanceQuery.safeParse({ from: textOf(searchParams.from), to: textOf(searchParams.to) });
      const query = range.success ? range.data : {};
      return <BooksTab loaded={await loadBooks(admin, query)} rangeProblem={range.success ? undefined : range.error.issues[0]?.message} now={new Date()} />;
    }
    case "blog":
      return <BlogTab categories={blogCategories()} rows={await loadBlogPosts(admin)} />;
    case "messages":
      return <ContactMessagesTab messages={await listContactMessages(admin)} />;
    case "jobs":
      return <JobsTab counts={await queueCounts(admin)} />;
    case "audit": {
      const filter = auditTabFilter(searchParams);
      return <AuditTrailTab filter={filter} list={await loadAuditTrail(admin, filter)} />;
    }
  }
}

export default async function AdminPanelPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const admin = await requirePermission("admin.panel");
  const params = await searchParams;
  const tab = adminTab(params.tab);

  return (
    <>
      <PageTitle lead="See how registrations, payments and quizzes are going; manage quizzes, questions, responses, notifications, transactions and blogs, and read the audit trail.">Admin panel</PageTitle>
      <AdminTabs current={tab}>
        <TabContent tab={tab} searchParams={params} admin={admin} />
      </AdminTabs>
    </>
  );
}
