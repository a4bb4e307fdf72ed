"use client";

import { useState } from "react";

/**
 * The add/edit switch shared by the admin forms. Each change of mode bumps formKey, which the
 * screens use as the form's key: a fresh form is the simplest complete reset, and stale
 * values or errors from the previous item can never leak into the next one.
 */
export function useEditor<Item>() {
  const [state, setState] = useState<{ editing: Item | null; copying: Item | null; formKey: number; notice?: string }>({ editing: null, copying: null, formKey: 0 });
  return {
    ...state,
    edit: (item: Item) => setState((current) => ({ editing: item, copying: null, formKey: current.formKey + 1 })),
    /** Adding a new item that starts from this one's values; nothing exists until the form is saved. */
    copy: (item: Item) => setState((current) => ({ editing: null, copying: item, formKey: current.formKey + 1 })),
    /** Back to adding, optionally saying what just happened (it outlives the old form). */
    finish: (notice?: string) => setState((current) => ({ editing: null, copying: null, formKey: current.formKey + 1, notice })),
  };
}
