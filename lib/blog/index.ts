import "server-only";

/** The blog: published articles for readers, and the admins' editor. */
export { blogCategories, createBlog, deleteBlog, listBlogs, updateBlog } from "./admin";
export { specBlog } from "./spec-names";
export { excerpt, plainText, renderMarkdown } from "./markdown";
export { articleAddresses, BLOG_PAGE_SIZE, findArticleBySlug, firstArticleSlug, listArticles, recordArticleView, SIDEBAR_SIZE, sidebarArticles, type ArticleQuery, type BlogSort } from "./service";
