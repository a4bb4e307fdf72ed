import type { Metadata } from "next";
import { AdminTabs, adminTab, adminTabLabel, type AdminTab } from "@/components/admin/AdminTabs";
import { ResponsesTab } from "@/components/admin/ResponsesTab";
import { TransactionManagement } from "@/components/admin/TransactionManagement";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireAdmin } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Admin panel", robots: { index: false } };

type SearchParams = Record<string, string | string[] | undefined>;

function TabContent({ tab, searchParams }: { tab: AdminTab; searchParams: SearchParams }) {
  switch (tab) {
    case "transactions":
      return <TransactionManagement searchParams={searchParams} />;
    case "responses":
      return <ResponsesTab searchParams={searchParams} />;
    default:
      return <ComingNext>{adminTabLabel(tab)} is still being built and is not available in the panel yet.</ComingNext>;
  }
}

export default async function AdminPanelPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin();
  const params = await searchParams;
  const tab = adminTab(params.tab);

  return (
    <>
      <PageTitle lead="Manage quizzes, questions, responses, notifications, transactions and blogs.">Admin panel</PageTitle>
      <AdminTabs current={tab}>
        <TabContent tab={tab} searchParams={params} />
      </AdminTabs>
    </>
  );
}
