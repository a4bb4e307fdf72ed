import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { sidebarArticles } from "@/lib/blog";
import { FeedLink } from "./FeedLink";
import type { ListState } from "./listQuery";
import { SidebarList } from "./SidebarList";

type Sidebars = Awaited<ReturnType<typeof sidebarArticles>>;

/** Every blog page: its content, then the recent and popular posts and the feed link beside it. */
export function BlogColumns({ children, sidebars, state }: { children: ReactNode; sidebars: Sidebars; state: ListState }) {
  const t = useTranslations("blog");
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div>{children}</div>
      <div className="flex flex-col gap-6">
        <SidebarList id="recent-posts" title={t("recentPosts")} articles={sidebars.recent} state={state} />
        <SidebarList id="popular-posts" title={t("popularPosts")} articles={sidebars.popular} state={state} />
        <p>
          <FeedLink />
        </p>
      </div>
    </div>
  );
}
