import type { listBlogs } from "@/lib/blog";
import { formatIndiaDate } from "@/lib/format";
import { BlogEditor } from "./BlogEditor";
import type { BlogPost } from "./blogFormValues";
import { BlogForm } from "./BlogForm";
import { blogFormValues } from "./blogFormValues";

/**
 * SPEC §2: two sub-sections, an add form and an edit/delete form. `rows` is null when the posts
 * could not be loaded: the add form still works then.
 */
export function BlogTab({ categories, rows }: { categories: string[]; rows: Awaited<ReturnType<typeof listBlogs>> | null }) {
  const posts: BlogPost[] | null =
    rows?.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      author: row.author,
      category: row.category,
      published: formatIndiaDate(row.publishedAt),
      values: blogFormValues(row),
    })) ?? null;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="blog-add-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="blog-add-heading" className="text-lg font-semibold">Add blog</h3>
        <BlogForm idPrefix="blog-add" categories={categories} />
      </section>
      <section aria-labelledby="blog-edit-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="blog-edit-heading" className="text-lg font-semibold">Edit or delete blogs</h3>
        {posts ? <BlogEditor posts={posts} categories={categories} /> : <p role="alert" className="text-red-700">Error loading blogs</p>}
      </section>
    </div>
  );
}
