import Form from "next/form";
import { useTranslations } from "next-intl";
import { fieldFocusClass } from "@/components/ui/form";
import type { ListState } from "./listQuery";

const selectClass = `rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 ${fieldFocusClass}`;

/**
 * Sorting, as a plain GET form: it works without JavaScript, and next/form turns it into a
 * client-side navigation when JavaScript is there. It does not submit on change, so moving
 * through the options with the keyboard never reloads the list under the reader (WCAG 3.2.2).
 * The category filter is CategoryLinks: links, so each category page is crawlable.
 */
export function ArticleFilters({ action, state }: { action: string; state: ListState }) {
  const t = useTranslations("blog");
  return (
    <Form action={action} scroll={false} className="mb-4 flex flex-wrap items-end gap-3">
      {state.category && <input type="hidden" name="category" value={state.category} />}
      <div className="flex flex-col gap-1">
        <label htmlFor="blog-sort" className="text-sm font-medium text-slate-800">{t("sortBy")}</label>
        <select id="blog-sort" name="sort" defaultValue={state.sort} className={selectClass}>
          <option value="latest">{t("sortLatest")}</option>
          <option value="title">{t("sortTitle")}</option>
        </select>
      </div>
      <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">{t("apply")}</button>
    </Form>
  );
}
