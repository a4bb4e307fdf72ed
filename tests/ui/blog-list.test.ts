import { describe, expect, it } from "vitest";
import { articleHref, listSearch, parseListState } from "@/components/blog/listQuery";
import { pageWindow } from "@/components/ui/pageWindow";

describe("pageWindow", () => {
  it("shows up to five numbers around the current one, kept full at the ends", () => {
    expect(pageWindow(1, 1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 1, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 1, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(2, 1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 0, 9)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(1, 1, 1)).toEqual([1]);
  });
});

describe("the blog list's address", () => {
  it("reads sort, category and page, falling back to the defaults", () => {
    expect(parseListState({ sort: "title", category: "quiz", page: "2" })).toEqual({ sort: "title", category: "quiz", page: 2 });
    expect(parseListState({ sort: "random", category: "", page: "-3" })).toEqual({ sort: "latest", category: undefined, page: 1 });
    expect(parseListState({ page: ["4", "5"] })).toMatchObject({ page: 4 });
  });

  it("writes only what differs from the defaults", () => {
    expect(listSearch({ sort: "latest", page: 1 })).toBe("");
    expect(listSearch({ sort: "title", category: "Olympiad news", page: 3 })).toBe("?sort=title&category=Olympiad+news&page=3");
    expect(articleHref("how-it-works", { sort: "title", page: 2 })).toBe("/readblogs/how-it-works?sort=title&page=2#article");
  });
});
