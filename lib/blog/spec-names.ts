/** An article with SPEC §3's Blog names beside its own. */
export function specBlog<Row extends { id: string; publishedAt: Date }>(blog: Row) {
  return { ...blog, _id: blog.id, datePublished: blog.publishedAt };
}
