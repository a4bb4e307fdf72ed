import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { ArticleList } from "@/components/blog/ArticleList";
import { BlogColumns } from "@/components/blog/BlogColumns";
import { articleHref, parseListState, type SearchParams } from "@/components/blog/listQuery";
import { listMetadata } from "@/components/blog/metadata";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { categoryPath, findCategoryBySlug, listArticles, sidebarArticles } from "@/lib/blog";
import { categoryName } from "@/lib/blog/schemas";
import { config } from "@/lib/config";

interface CategoryPageProps {
  params: Promise<{ category: string }>;
  searchParams: Promise<SearchParams>;
}

/** generateMetadata and the page both need the category: one query per request. */
const getCategory = cache(async (slug: string) => findCategoryBySlug(await currentActor(), slug));

export async function generateMetadata({ params, searchParams }: CategoryPageProps): Promise<Metadata> {
  const category = await getCategory((await params).category);
  if (!category) notFound();
  const [t, named] = await Promise.all([getTranslations("blog"), getTranslations("blog.categoryNames")]);
  const name = categoryName(category, named);
  return listMetadata({
    title: t("categoryTitle", { category: name }),
    description: t("categoryDescription", { brand: config.brand.name, category: name }),
    path: categoryPath(category),
    page: parseListState(await searchParams).page,
  });
}

/** One category's articles, newest first, four a page: a page of its own so it can be found and shared. */
export default async function CategoryPage({ params, searchParams }: CategoryPageProps) {
  const category = await getCategory((await params).category);
  if (!category) notFound();
  // The category is the address itself, never a ?category= on top of it.
  const state = { ...parseListState(await searchParams), category: undefined };
  const reader = await currentActor();
  const [list, sidebars] = await Promise.all([listArticles(reader, { ...state, category }), sidebarArticles(reader)]);
  if (!list) notFound();
  const shown = { ...state, page: list.page };
  const [t, named] = await Promise.all([getTranslations("blog"), getTranslations("blog.categoryNames")]);
  return (
    <BlogColumns sidebars={sidebars} state={shown}>
      <PageTitle>{t("categoryTitle", { category: categoryName(category, named) })}</PageTitle>
      <ArticleList as="section" action={categoryPath(category)} state={shown} list={list} category={category} hrefFor={(slug) => articleHref(slug, shown)} />
    </BlogColumns>
  );
}
