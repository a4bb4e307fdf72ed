/** SPEC §9: the blog shows 4 articles a page. */
export const BLOG_PAGE_SIZE = 4;

export interface PageSlice {
  /** The page asked for, or null when it lies past the last page (the caller answers 404). */
  page: number | null;
  pageCount: number;
  offset: number;
}

/**
 * Which rows a page of the list holds. A page past the end is not quietly turned into the last
 * one: every page address must show its own articles, or search engines index duplicates.
 * An empty list still has its one (empty) first page.
 */
export function pageSlice(total: number, requested: number, size: number = BLOG_PAGE_SIZE): PageSlice {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Number.isInteger(requested) && requested >= 1 && requested <= pageCount ? requested : null;
  return { page, pageCount, offset: page === null ? 0 : (page - 1) * size };
}
