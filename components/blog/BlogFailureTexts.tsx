"use client";

import { createContext, useContext, type ReactNode } from "react";

interface BlogFailureTexts {
  errorLoading: string;
  tryAgain: string;
}

const Texts = createContext<BlogFailureTexts>({ errorLoading: "", tryAgain: "" });

/**
 * The blog's failure words, written by the server ahead of any failure: the blog sends no
 * translator to the browser, and its error boundary (a client component) cannot ask the server.
 */
export function BlogFailureTextsProvider({ texts, children }: { texts: BlogFailureTexts; children: ReactNode }) {
  return <Texts.Provider value={texts}>{children}</Texts.Provider>;
}

export const useBlogFailureTexts = () => useContext(Texts);
