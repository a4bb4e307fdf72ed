/**
 * Formulas that speak: each of KaTeX's MathML formulas gets an aria-label, what speech-rule-engine
 * (MathJax's) says for it in the text's language. The visible text of 5/2, 5², x² and 2√7 reads
 * "5 2", "52", "x 2" and "7", which a blind participant cannot tell apart; an option's accessible
 * name is its label's content, so it becomes "A. five halves". The MathML stays for those who
 * explore it.
 */
import { escapedAttribute } from "./schemas";

export type SpokenLanguage = "en" | "hi";

// ClearSpeak says "five halves", not "5 over 2"; MoreImpliedTimes says the product in 2√7, which
// otherwise reads "2 the square root of 7" (and in Hindi "2 7 का वर्गमूल", heard as the root of 27).
const SETTINGS = { domain: "clearspeak", style: "ImpliedTimes_MoreImpliedTimes", modality: "speech" };

type Engine = typeof import("speech-rule-engine/js/index.js");

let loaded: Promise<Engine> | undefined;

/**
 * The engine with both languages' rules, loaded once per process from its own package (no
 * network), once a question with a formula is saved: a server that only runs exams never loads it.
 */
function engine(): Promise<Engine> {
  loaded ??= (async () => {
    const sre = await import("speech-rule-engine/js/index.js");
    for (const locale of ["en", "hi"] satisfies SpokenLanguage[]) {
      await sre.setupEngine({ ...SETTINGS, locale });
      await sre.engineReady();
    }
    return sre;
  })();
  return loaded;
}

// A formula takes milliseconds to speak, and options repeat ("$1$", "$x$"): each language's last few are kept.
const MAX_REMEMBERED = 2_000;
const remembered: Record<SpokenLanguage, Map<string, string>> = { en: new Map(), hi: new Map() };

function speech(sre: Engine, mathml: string, language: SpokenLanguage): string {
  const known = remembered[language];
  let spoken = known.get(mathml);
  if (spoken === undefined) {
    spoken = sre.toSpeech(mathml).trim();
    if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value!);
    known.set(mathml, spoken);
  }
  return spoken;
}

const MATHS = /<math\b([^>]*)>[^]*?<\/math>/g;
const SPOKEN = /\saria-label=/;

/**
 * Rendered texts (lib/content's own output) with an aria-label on each formula, spoken in
 * `language`; a text without formulas is returned as it is.
 */
export async function withSpokenMaths<Text extends string | null>(htmls: readonly Text[], language: SpokenLanguage): Promise<Text[]> {
  if (!htmls.some((html) => html?.includes("<math"))) return [...htmls];
  const sre = await engine();
  // The engine is one global: once both languages are loaded, switching is synchronous, so the
  // switch and the speech run with no await between them and no other caller can interleave.
  void sre.setupEngine({ ...SETTINGS, locale: language });
  // A formula already spoken keeps its label: a stored text upgraded twice (wording.ts) is spoken once.
  const labelled = (mathml: string, attributes: string) =>
    SPOKEN.test(attributes) ? mathml : `<math${attributes} aria-label="${escapedAttribute(speech(sre, mathml, language))}"${mathml.slice(5 + attributes.length)}`;
  return htmls.map((html) => (html === null ? html : (html.replace(MATHS, labelled) as Text)));
}
