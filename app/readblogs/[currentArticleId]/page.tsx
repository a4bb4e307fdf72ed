import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArticleJsonLd } from "@/components/blog/ArticleJsonLd";
import { ArticleList } from "@/components/blog/ArticleList";
import { ArticleNeighbours } from "@/components/blog/ArticleNeighbours";
import { ArticleView } from "@/components/blog/ArticleView";
import { articlePath } from "@/components/blog/article";
import { BlogColumns } from "@/components/blog/BlogColumns";
import { articleHref, parseListState, type SearchParams } from "@/components/blog/listQuery";
import { articleMetadata } from "@/components/blog/metadata";
import { currentActor } from "@/lib/auth";
import { adjacentArticles, listArticles, readingMinutes, recordArticleView, renderArticle, sidebarArticles } from "@/lib/blog";
import { afterResponse } from "@/lib/http";
import { getArticle } from "./load-article";

interface ArticlePageProps {
  params: Promise<{ currentArticleId: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: ArticlePageProps): Promise<Metadata> {
  const article = await getArticle((await params).currentArticleId);
  if (!article) notFound();
  return articleMetadata(article);
}

/**
 * No loading.tsx here, on purpose: its fallback would start the stream before this page runs,
 * turning the 404 below into a "soft" one under a 200, and leaving the article and the list
 * hidden until JavaScript swaps them in.
 */
export default async function ArticlePage({ params, searchParams }: ArticlePageProps) {
  const article = await getArticle((await params).currentArticleId);
  if (!article) notFound();
  const state = parseListState(await searchParams);
  const reader = await currentActor();
  const [list, sidebars, neighbours] = await Promise.all([listArticles(reader, state), sidebarArticles(reader), adjacentArticles(reader, article)]);
  // An old link to a page the list no longer has still shows the article, with the list from its start.
  const shownList = list ?? (await listArticles(reader, { ...state, page: 1 }))!;
  // Counted once the page is out: a view count must never slow or break the article.
  afterResponse(() => recordArticleView(reader, article.slug));

  return (
    <BlogColumns sidebars={sidebars} state={state}>
      <ArticleJsonLd article={article} />
      <ArticleView article={article} contentHtml={await renderArticle(article.content)} readingMinutes={readingMinutes(article.content)} />
      <ArticleNeighbours {...neighbours} />
      <ArticleList
        action={articlePath(article.slug)}
        state={{ ...state, page: shownList.page }}
        list={shownList}
        hrefFor={(slug) => articleHref(slug, { ...state, page: shownList.page })}
        currentSlug={article.slug}
      />
    </BlogColumns>
  );
}
