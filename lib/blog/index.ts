import "server-only";

/** The blog: published articles for readers, and the admins' editor. */
export { blogCategories, createBlog, deleteBlog, listBlogs, updateBlog } from "./admin";
export { localImageSize, renderArticle } from "./local-image";
export { specBlog } from "./spec-names";
export { renderMarkdown } from "./markdown";
export {
  adjacentArticles,
  articleAddresses,
  BLOG_PAGE_SIZE,
  blogFeed,
  categoryAddresses,
  findArticleBySlug,
  findCategoryBySlug,
  listArticles,
  recordArticleView,
  sidebarArticles,
  type BlogSort,
} from "./service";
export { categoryPath } from "./categories";
export { FEED_CONTENT_TYPE } from "./feed";
export { readingMinutes } from "./reading";
