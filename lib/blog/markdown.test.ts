import { describe, expect, it } from "vitest";
import { excerpt, imageSources, renderMarkdown } from "./markdown";

describe("blog Markdown", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown("## Plan\n\n- read\n- practise\n\n[Olympiad](https://example.org)");
    expect(html).toContain("<h2>Plan</h2>");
    expect(html).toContain("<li>read</li>");
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">Olympiad</a>');
  });

  it("renders a script tag inert, as text", () => {
    const html = renderMarkdown('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("refuses javascript: links", () => {
    const html = renderMarkdown("[click](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)");
    expect(html).not.toMatch(/href="javascript:|href="data:/i);
  });

  it("takes the first ten words as the excerpt", () => {
    expect(excerpt("## Title\n\nOne two three four five six seven eight nine ten eleven twelve")).toBe("Title One two three four five six seven eight nine…");
  });

  it("does not split words at inline formatting", () => {
    expect(excerpt("Learn **fast** and *win*. Then rest.")).toBe("Learn fast and win. Then rest.");
  });

  it("gives images their alt text, their size where known, and lazy loading", () => {
    const source = "Intro\n\n![A podium](/blog/result.png)\n\n![](https://images.example/x.png)";
    expect(imageSources(source)).toEqual(["/blog/result.png", "https://images.example/x.png"]);
    const html = renderMarkdown(source, new Map([["/blog/result.png", { width: 1200, height: 630 }]]));
    expect(html).toContain('<img src="/blog/result.png" alt="A podium" width="1200" height="630" loading="lazy" decoding="async">');
    expect(html).toContain('<img src="https://images.example/x.png" alt="" loading="lazy" decoding="async">');
  });
});
