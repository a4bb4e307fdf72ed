"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Field, FormMessage, TextAreaField, inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { type BlogInput } from "@/lib/blog/schemas";
import { callApi } from "@/lib/client";
import { failureText, summarisedError, type Message } from "./adminUi";
import { ConfirmDelete } from "./ConfirmDelete";
import { NEW_BLOG, blogFormSchema, type BlogFormValues, type BlogPost } from "./blogFormValues";
import { ALL_FIELDS_REQUIRED } from "@/lib/catalogue";

interface BlogFormProps {
  /** Keeps ids unique: the add and the edit form share the page. */
  idPrefix: string;
  categories: string[];
  /** The post being edited; without it the form adds a new one. */
  post?: BlogPost;
  /** Edit mode only: the post was updated or deleted (with the server's words), or Cancel. */
  onDone?: (notice?: string) => void;
}

export function BlogForm({ idPrefix, categories, post, onDone }: BlogFormProps) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>();
  const schema = useMemo(() => blogFormSchema(categories), [categories]);
  const { register, handleSubmit, reset, formState } = useForm<BlogFormValues, unknown, BlogInput>({
    resolver: zodResolver(schema),
    defaultValues: post?.values ?? NEW_BLOG,
  });
  const errors = formState.errors;
  const summaryId = `${idPrefix}-required`;
  const missing = (["title", "author", "category", "content"] as const).some((name) => errors[name]?.message === ALL_FIELDS_REQUIRED);
  const field = (name: keyof BlogFormValues) => ({ id: `${idPrefix}-${name}`, ...summarisedError(errors[name], ALL_FIELDS_REQUIRED, summaryId) });

  const onSubmit = handleSubmit(async (body) => {
    setMessage(undefined);
    try {
      if (post) {
        const result = await callApi<{ message: string }>(`/api/updateblog/${post.id}`, { method: "PUT", json: body });
        onDone?.(result.message);
      } else {
        const result = await callApi<{ message: string }>("/api/addblog", { json: body });
        reset(NEW_BLOG);
        setMessage({ tone: "success", text: result.message });
      }
      router.refresh();
    } catch (caught) {
      setMessage({ tone: "error", text: failureText(caught, post ? "Failed to update blog" : "Failed to add blog") });
    }
  });

  async function remove(target: BlogPost) {
    setMessage(undefined);
    try {
      const result = await callApi<{ message: string }>(`/api/deleteblog/${target.id}`, { method: "DELETE" });
      onDone?.(result.message);
      router.refresh();
    } catch (caught) {
      setMessage({ tone: "error", text: failureText(caught, "Failed to delete blog") });
    }
  }

  const category = field("category");
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Title" {...field("title")} {...register("title")} />
      <Field label="Author" autoComplete="name" {...field("author")} {...register("author")} />
      <div className="flex flex-col gap-1">
        <label htmlFor={category.id} className="text-sm font-medium text-slate-800">Category</label>
        <select
          id={category.id}
          className={inputClass}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? (category.error ? `${category.id}-error` : summaryId) : undefined}
          {...register("category")}
        >
          <option value="">Choose a category</option>
          {categories.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
        {category.error && <p id={`${category.id}-error`} role="alert" className="text-sm text-red-700">{category.error}</p>}
      </div>
      <Field label="Image URL" inputMode="url" hint="Optional: a web address, or a path on this site such as /images/cover.jpg." {...field("imageUrl")} {...register("imageUrl")} />
      <div className="sm:col-span-2">
        <Field
          label="Image description"
          hint="What the image shows, for readers who cannot see it (its alt text). Leave blank only if the image is decoration. Its width and height are read from the file when you save."
          {...field("imageAlt")}
          {...register("imageAlt")}
        />
      </div>
      <div className="sm:col-span-2">
        <Field label="Description" hint="Optional: up to 300 characters for search results; the start of the article is used when blank." {...field("description")} {...register("description")} />
      </div>
      <div className="sm:col-span-2">
        <Field label="Keywords" hint="Optional: separate keywords with commas." {...field("keywords")} {...register("keywords")} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="Content" rows={12} hint="Markdown: **bold**, _italic_, # headings, - lists, [links](https://…). HTML is shown as text." className={`${inputClass} font-mono text-sm`} {...field("content")} {...register("content")} />
      </div>

      <div className="flex flex-col gap-3 sm:col-span-2">
        <div id={summaryId}>
          <FormMessage tone="error">{missing ? ALL_FIELDS_REQUIRED : undefined}</FormMessage>
        </div>
        <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? "Saving…" : post ? "Update" : "Publish"}
          </button>
          {post && (
            <>
              <ConfirmDelete what={`blog ${post.title}`} onDelete={() => remove(post)} />
              <button type="button" className={secondaryButtonClass} onClick={() => onDone?.()}>Cancel</button>
            </>
          )}
        </div>
      </div>
    </form>
  );
}
