import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ArticleList } from "@/components/blog/ArticleList";
import { BLOG_PATH } from "@/components/blog/article";
import { BlogColumns } from "@/components/blog/BlogColumns";
import { articleHref, listSearch, parseListState, type SearchParams } from "@/components/blog/listQuery";
import { listMetadata } from "@/components/blog/metadata";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { categoryPath, listArticles, sidebarArticles } from "@/lib/blog";
import { config } from "@/lib/config";

interface BlogIndexProps {
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ searchParams }: BlogIndexProps): Promise<Metadata> {
  const t = await getTranslations("blog");
  return listMetadata({ title: t("title"), description: t("description", { brand: config.brand.name }), path: BLOG_PATH, page: parseListState(await searchParams).page });
}

/**
 * The blog's index, whole in the server HTML: newest first, four a page, with links to every
 * category's own page. (SPEC §2 had this address jump to the first article; issue 22 makes it
 * a page of its own, so readers and search engines can browse the blog.)
 */
export default async function BlogIndexPage({ searchParams }: BlogIndexProps) {
  const state = parseListState(await searchParams);
  // Old ?category= links move for good to the category's own page, so only that address is indexed.
  if (state.category) permanentRedirect(`${categoryPath(state.category)}${listSearch({ ...state, category: undefined })}`);
  const reader = await currentActor();
  const [list, sidebars] = await Promise.all([listArticles(reader, state), sidebarArticles(reader)]);
  if (!list) notFound();
  const shown = { ...state, page: list.page };
  const t = await getTranslations("blog");
  return (
    <BlogColumns sidebars={sidebars} state={shown}>
      <PageTitle>{t("title")}</PageTitle>
      {list.total === 0 ? (
        <p className="text-slate-700">{t("noArticleSelected")}</p>
      ) : (
        <ArticleList as="section" action={BLOG_PATH} state={shown} list={list} hrefFor={(slug) => articleHref(slug, shown)} />
      )}
    </BlogColumns>
  );
}
