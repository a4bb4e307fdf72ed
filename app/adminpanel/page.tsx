import type { Metadata } from "next";
import { AdminTabs, adminTab, type AdminTab } from "@/components/admin/AdminTabs";
import { BlogTab } from "@/components/admin/BlogTab";
import { ContactMessagesTab } from "@/components/admin/ContactMessagesTab";
import { JobsTab } from "@/components/admin/JobsTab";
import { QuestionsTab } from "@/components/admin/QuestionsTab";
import { QuizzesTab } from "@/components/admin/QuizzesTab";
import { ResponsesTab } from "@/components/admin/ResponsesTab";
import { SendNotificationForm } from "@/components/admin/SendNotificationForm";
import { TransactionManagement } from "@/components/admin/TransactionManagement";
import { PageTitle } from "@/components/ui/PageTitle";
import { requireAdmin, type Viewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Admin panel", robots: { index: false } };

type SearchParams = Record<string, string | string[] | undefined>;

function TabContent({ tab, searchParams, admin }: { tab: AdminTab; searchParams: SearchParams; admin: Viewer }) {
  switch (tab) {
    case "quizzes":
      return <QuizzesTab />;
    case "questions":
      return <QuestionsTab searchParams={searchParams} />;
    case "responses":
      return <ResponsesTab searchParams={searchParams} />;
    case "notifications":
      return <SendNotificationForm admin={{ id: admin.id, name: admin.name }} />;
    case "transactions":
      return <TransactionManagement searchParams={searchParams} />;
    case "blog":
      return <BlogTab />;
    case "messages":
      return <ContactMessagesTab />;
    case "jobs":
      return <JobsTab />;
  }
}

export default async function AdminPanelPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const admin = await requireAdmin();
  const params = await searchParams;
  const tab = adminTab(params.tab);

  return (
    <>
      <PageTitle lead="Manage quizzes, questions, responses, notifications, transactions and blogs.">Admin panel</PageTitle>
      <AdminTabs current={tab}>
        <TabContent tab={tab} searchParams={params} admin={admin} />
      </AdminTabs>
    </>
  );
}
