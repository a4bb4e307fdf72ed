import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { articlePath } from "@/components/blog/article";
import { ArticleJsonLd } from "@/components/blog/ArticleJsonLd";
import { ArticleList } from "@/components/blog/ArticleList";
import { ArticleView } from "@/components/blog/ArticleView";
import { parseListState, rawSearch, type SearchParams } from "@/components/blog/listQuery";
import { articleMetadata } from "@/components/blog/metadata";
import { SidebarList } from "@/components/blog/SidebarList";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { firstArticleSlug, listArticles, recordArticleView, renderMarkdown, sidebarArticles } from "@/lib/blog";
import { config } from "@/lib/config";
import { afterResponse } from "@/lib/http";
import { getArticle } from "./load-article";

interface BlogPageProps {
  params: Promise<{ currentArticleId?: string[] }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: BlogPageProps): Promise<Metadata> {
  const slug = (await params).currentArticleId?.[0];
  if (slug === undefined) {
    return {
      title: "Read blogs",
      description: `Articles from ${config.brand.name} on learning, quizzes and olympiads.`,
      alternates: { canonical: "/readblogs" },
    };
  }
  const article = await getArticle(slug);
  if (!article) notFound();
  return articleMetadata(article);
}

/**
 * No loading.tsx here, on purpose: its fallback would start the stream before this page runs,
 * turning the redirect and the 404 below into "soft" ones under a 200, and leaving the article
 * and the list hidden until JavaScript swaps them in.
 */
export default async function ReadBlogsPage({ params, searchParams }: BlogPageProps) {
  const segments = (await params).currentArticleId ?? [];
  if (segments.length > 1) notFound();
  const slug = segments[0];
  const query = await searchParams;
  const reader = await currentActor();

  if (slug === undefined) {
    // SPEC §2: with no article in the address, the first one is selected and the address updated.
    const first = await firstArticleSlug(reader);
    if (first) redirect(`${articlePath(first)}${rawSearch(query)}`);
    return (
      <>
        <PageTitle>Read blogs</PageTitle>
        <p className="text-slate-700">No article selected.</p>
      </>
    );
  }

  const article = await getArticle(slug);
  if (!article) notFound();
  const state = parseListState(query);
  const [list, sidebars] = await Promise.all([listArticles(reader, state), sidebarArticles(reader)]);
  // Counted once the page is out: a view count must never slow or break the article.
  afterResponse(() => recordArticleView(reader, article.slug));

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div>
        <ArticleJsonLd article={article} />
        <ArticleView article={article} contentHtml={renderMarkdown(article.content)} />
        <ArticleList currentSlug={article.slug} state={state} list={list} />
      </div>
      <div className="flex flex-col gap-6">
        <SidebarList id="recent-posts" title="Recent posts" articles={sidebars.recent} state={state} />
        <SidebarList id="popular-posts" title="Popular posts" articles={sidebars.popular} state={state} />
      </div>
    </div>
  );
}
