import { describe, expect, it } from "vitest";
import { renderContent } from "./render";
import { withSpokenMaths } from "./speech";
import { renderQuestion, RENDERING_VERSION, upgradedRendering } from "./wording";

const option = (source: string) => renderContent(source, "option").html;
/** Each formula's aria-label, in order. */
const labels = (html: string | null) => [...(html ?? "").matchAll(/<math[^>]* aria-label="([^"]*)"/g)].map((match) => match[1]);

const TOLD_APART = ["$\\frac{5}{2}$", "$5^2$", "$x^2$", "$2\\sqrt{7}$"];

describe("withSpokenMaths", () => {
  it("speaks fractions, powers and roots so that each is told apart, in English", async () => {
    const spoken = await withSpokenMaths(TOLD_APART.map(option), "en");
    expect(spoken.map(labels)).toEqual([["five halves"], ["5 squared"], ["x squared"], ["2 times the square root of 7"]]);
  });

  it("speaks them in Hindi", async () => {
    const spoken = await withSpokenMaths(TOLD_APART.map(option), "hi");
    expect(spoken.map(labels)).toEqual([["पाँच द्वितीयांश"], ["5 वर्गित"], ["एक्स वर्गित"], ["2 गुणन चिह्न 7 का वर्गमूल"]]);
  });

  it("labels every formula of a text and keeps its MathML and the rest as they were", async () => {
    const html = renderContent("If $x^2 = 4$ then\n\n$$x = \\pm 2$$", "question").html;
    const [spoken] = await withSpokenMaths([html], "en");
    expect(labels(spoken)).toEqual(["x squared equals 4", "x equals plus or minus 2"]);
    expect(spoken!.replace(/ aria-label="[^"]*"/g, "")).toBe(html);
  });

  it("leaves texts without formulas as they are", async () => {
    expect(await withSpokenMaths([null, option("**bold**")], "en")).toEqual([null, "<strong>bold</strong>"]);
    expect(await withSpokenMaths([null, option("$x$")], "en")).toEqual([null, expect.stringContaining('aria-label="x"')]);
  });

  it("speaks each text in its own language when both are asked for at once", async () => {
    const [[en], [hi]] = await Promise.all([withSpokenMaths([option("$x^2$")], "en"), withSpokenMaths([option("$x^2$")], "hi")]);
    expect([labels(en), labels(hi)]).toEqual([["x squared"], ["एक्स वर्गित"]]);
  });
});

describe("renderQuestion", () => {
  it("stores each language's formulas spoken in that language", async () => {
    const rendered = await renderQuestion({ text: "Which is $x^2$?", options: TOLD_APART, textHi: "$x^2$ कौन-सा है?", optionsHi: TOLD_APART });
    expect(labels(rendered!.en.text)).toEqual(["x squared"]);
    expect(labels(rendered!.en.options[0])).toEqual(["five halves"]);
    expect(labels(rendered!.hi!.text)).toEqual(["एक्स वर्गित"]);
    expect(labels(rendered!.hi!.options[3])).toEqual(["2 गुणन चिह्न 7 का वर्गमूल"]);
  });
});

describe("upgradedRendering", () => {
  it("speaks a rendering stored before formulas spoke, keeping its HTML, and labels a formula already spoken only once", async () => {
    const spokenAlready = (await withSpokenMaths([option("$x^2$")], "en"))[0];
    const stored = { en: { text: null, options: [option("$\\frac{5}{2}$"), spokenAlready, "six"] }, hi: null };
    const upgraded = await upgradedRendering(stored);
    expect(upgraded.version).toBe(RENDERING_VERSION);
    expect(upgraded.en.options.map(labels)).toEqual([["five halves"], ["x squared"], []]);
    expect(upgraded.en.options[0]!.replace(/ aria-label="[^"]*"/, "")).toBe(stored.en.options[0]);
    expect(await upgradedRendering(upgraded)).toBe(upgraded);
  });
});
