import type { Metadata } from "next";
import { AdminTabs, adminTab, adminTabLabel } from "@/components/admin/AdminTabs";
import { TransactionManagement } from "@/components/admin/TransactionManagement";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireAdmin } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Admin panel", robots: { index: false } };

export default async function AdminPanelPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const params = await searchParams;
  const tab = adminTab(params.tab);

  return (
    <>
      <PageTitle lead="Manage quizzes, questions, responses, notifications, transactions and blogs.">Admin panel</PageTitle>
      <AdminTabs current={tab}>
        {tab === "transactions" ? (
          <TransactionManagement searchParams={params} />
        ) : (
          <ComingNext>{adminTabLabel(tab)} is still being built and is not available in the panel yet.</ComingNext>
        )}
      </AdminTabs>
    </>
  );
}
