"use client";

import Link from "next/link";
import { FormMessage } from "@/components/ui/form";
import { smallButtonClass } from "./adminUi";
import { BlogForm } from "./BlogForm";
import type { BlogPost } from "./blogFormValues";
import { FormHeading } from "./FormHeading";
import { useEditor } from "./useEditor";

/**
 * Choose a post, then edit or delete it in the same form as "Add blog". Every switch re-mounts
 * what is shown (formKey), and its heading takes focus, so keyboard users follow the change.
 */
export function BlogEditor({ posts, categories }: { posts: BlogPost[]; categories: string[] }) {
  const editor = useEditor<BlogPost>();
  const post = editor.editing;

  if (post) {
    return (
      <div key={editor.formKey} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <FormHeading id="blog-edit-form-heading" level={4} takeFocus>Edit blog: {post.title}</FormHeading>
          <Link href={`/readblogs/${post.slug}`} className="font-medium text-brand underline">View post</Link>
        </div>
        <BlogForm idPrefix="blog-edit" categories={categories} post={post} onDone={editor.finish} />
      </div>
    );
  }

  return (
    <div key={editor.formKey} className="flex flex-col gap-3">
      <FormHeading id="blog-posts-heading" level={4} takeFocus={editor.formKey > 0}>Choose a post</FormHeading>
      <FormMessage tone="success">{editor.notice}</FormMessage>
      {posts.length === 0 ? (
        <p className="text-slate-700">No blog posts yet.</p>
      ) : (
        <ul aria-labelledby="blog-posts-heading" className="flex flex-col divide-y divide-slate-100">
          {posts.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <Link href={`/readblogs/${item.slug}`} className="font-medium text-brand underline">{item.title}</Link>
                <p className="text-sm text-slate-600">{item.category} · {item.author} · {item.published}</p>
              </div>
              <button type="button" onClick={() => editor.edit(item)} className={smallButtonClass}>
                Edit<span className="sr-only"> blog {item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
