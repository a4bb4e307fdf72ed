import { expect, test } from "@playwright/test";

test.describe("security headers", () => {
  test("public pages, the exam page and the API refuse framing and device access except where needed", async ({ request }) => {
    for (const path of ["/", "/readblogs/how-olympiad-works", "/api/health", "/QuizliveSection?quizId=5eed0000-0000-4000-8001-000000000002"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-powered-by"], path).toBeUndefined();
    }
    expect((await request.get("/")).headers()["permissions-policy"]).toBe("camera=(), microphone=(), display-capture=(), geolocation=(), fullscreen=(self)");
    const exam = await request.get("/QuizliveSection?quizId=5eed0000-0000-4000-8001-000000000002", { maxRedirects: 0 });
    expect(exam.headers()["permissions-policy"]).toBe("camera=(self), microphone=(self), display-capture=(self), geolocation=(), fullscreen=(self)");
  });
});
