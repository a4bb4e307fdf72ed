import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedArticles } from "./articles";
import type { SeedBlogCategory, SeedQuestion } from "./content-types";
import { demoQuestions } from "./demo-questions";
import { freeQuizQuestions } from "./free-quiz-questions";
import { paidQuizQuestions } from "./paid-quiz-questions";

const ALL_CATEGORIES: readonly SeedBlogCategory[] = ["product", "education", "quiz", "information", "result", "winner"];

function checkQuestionBank(bank: readonly SeedQuestion[]) {
  for (const question of bank) {
    expect(question.text.trim(), "question text").not.toBe("");
    expect(question.subject.trim(), `subject of "${question.text}"`).not.toBe("");
    expect(question.options).toHaveLength(4);
    for (const option of question.options) {
      expect(option.trim(), `an option of "${question.text}"`).not.toBe("");
    }
    const distinct = new Set(question.options.map((option) => option.trim().toLowerCase()));
    expect(distinct.size, `options of "${question.text}" are distinct`).toBe(4);
    expect([0, 1, 2, 3]).toContain(question.correctOptionIndex);
  }
}

describe("seed question banks", () => {
  it("the demo quiz has 10 questions", () => {
    expect(demoQuestions).toHaveLength(10);
  });

  it("the paid quiz has 25 questions", () => {
    expect(paidQuizQuestions).toHaveLength(25);
  });

  it("every demo question has 4 non-empty distinct options and a valid answer index", () => {
    checkQuestionBank(demoQuestions);
  });

  it("every paid question has 4 non-empty distinct options and a valid answer index", () => {
    checkQuestionBank(paidQuizQuestions);
  });

  it("the free-entry quiz has 10 questions, each with 4 non-empty distinct options and a valid answer index", () => {
    expect(freeQuizQuestions).toHaveLength(10);
    checkQuestionBank(freeQuizQuestions);
  });

  it("every demo, paid and free question has a Hindi version in Devanagari with four distinct options", () => {
    for (const question of [...demoQuestions, ...paidQuizQuestions, ...freeQuizQuestions]) {
      expect(question.hi?.text, `Hindi text of "${question.text}"`).toMatch(/[\u0900-\u097F]/);
      expect(question.hi?.options).toHaveLength(4);
      expect(new Set(question.hi?.options.map((option) => option.trim())).size, `Hindi options of "${question.text}" are distinct`).toBe(4);
    }
  });

  it("question texts are unique across the three banks", () => {
    const texts = [...demoQuestions, ...paidQuizQuestions, ...freeQuizQuestions].map((question) => question.text);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe("seed articles", () => {
  it("slugs are unique and kebab-case", () => {
    const slugs = seedArticles.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("covers every category", () => {
    const present = new Set(seedArticles.map((article) => article.category));
    for (const category of ALL_CATEGORIES) {
      expect(present.has(category), `category "${category}"`).toBe(true);
    }
  });

  it("every image exists under public/", () => {
    for (const article of seedArticles) {
      const file = path.join(process.cwd(), "public", article.imageUrl);
      expect(existsSync(file), `${article.slug}: ${article.imageUrl}`).toBe(true);
    }
  });

  it("descriptions are between 100 and 170 characters", () => {
    for (const article of seedArticles) {
      expect(article.description.length, article.slug).toBeGreaterThanOrEqual(100);
      expect(article.description.length, article.slug).toBeLessThanOrEqual(170);
    }
  });

  it("publication ages are distinct and between 1 and 120 days", () => {
    const days = seedArticles.map((article) => article.publishedDaysAgo);
    expect(new Set(days).size).toBe(days.length);
    for (const day of days) {
      expect(day).toBeGreaterThanOrEqual(1);
      expect(day).toBeLessThanOrEqual(120);
    }
  });

  it("content is Markdown with headings", () => {
    for (const article of seedArticles) {
      expect(article.content, article.slug).toMatch(/^## /m);
      expect(article.title.trim(), article.slug).not.toBe("");
      expect(article.author.trim(), article.slug).not.toBe("");
    }
  });
});
