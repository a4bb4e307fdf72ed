import type { BlogSort } from "@/lib/blog";
import { pageParam, textParam } from "@/lib/validation";

export type SearchParams = Record<string, string | string[] | undefined>;

/** What the article list shows: it lives in the URL (?sort=&category=&page=) so it works without JavaScript. */
export interface ListState {
  page: number;
  sort: BlogSort;
  category?: string;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function parseListState(query: SearchParams): ListState {
  return {
    page: pageParam(first(query.page)),
    sort: first(query.sort) === "title" ? "title" : "latest",
    category: textParam(first(query.category), 100),
  };
}

/** The query string for a list state, leaving out defaults so addresses stay short ("" for none). */
export function listSearch({ page, sort, category }: ListState): string {
  const search = new URLSearchParams();
  if (sort !== "latest") search.set("sort", sort);
  if (category) search.set("category", category);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function articleHref(slug: string, state: ListState): string {
  return `/readblogs/${encodeURIComponent(slug)}${listSearch(state)}#article`;
}
