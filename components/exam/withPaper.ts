import type { RenderedWording } from "@/lib/content";
import { callApi } from "@/lib/client";
import type { ExamPaper, ExamView } from "@/lib/exam";

type Question = ExamView["questions"][number];

/** The paper's texts of one language, options in the participant's displayed order. */
function displayed(wording: RenderedWording | null, order: readonly number[]): RenderedWording | undefined {
  return wording ? { text: wording.text, options: order.map((index) => wording.options[index]) } : undefined;
}

function placed(question: Question, rendered: ExamPaper["questions"][string] | undefined): Question {
  if (!rendered || !question.paperOrder) return question;
  const order = question.paperOrder;
  return { ...question, html: displayed(rendered.en, order), hi: question.hi && { ...question.hi, html: displayed(rendered.hi, order) } };
}

interface SealedPaper {
  version: number;
  bytes: ArrayBuffer;
}

async function fetchSealed(path: string): Promise<SealedPaper | null> {
  const response = await fetch(path, { signal: AbortSignal.timeout(10_000) });
  if (response.status === 204) return null;
  if (!response.ok) throw new Error(`The exam paper was not served (${response.status}).`);
  return { version: Number(response.headers.get("x-paper-version")), bytes: await response.arrayBuffer() };
}

/** Opens the sealed paper (AES-GCM, the IV first) with the start's key, then unpacks its gzip. */
async function opened(sealed: SealedPaper, key: string): Promise<ExamPaper> {
  const raw = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (character) => character.charCodeAt(0));
  const cryptoKey = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]);
  const bytes = new Uint8Array(sealed.bytes);
  const gzip = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, cryptoKey, bytes.subarray(12));
  return (await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream("gzip"))).json()) as ExamPaper;
}

let early: { quizId: string; paper: Promise<SealedPaper | null> } | undefined;

/**
 * Fetches the quiz's sealed paper as the exam page opens, before Start, so that the start a whole
 * hall sends at once is all the server is asked for then. Nothing in it can be read without the
 * key the start sends.
 */
export function fetchPaperEarly(quizId: string): void {
  const paper = fetchSealed(`/api/exam/${quizId}/paper`);
  paper.catch(() => undefined);
  early = { quizId, paper };
}

const PAPER_TRIES = 3;

/**
 * The exam's questions with their formulas, diagrams, tables and lists, from the quiz's exam
 * paper (fetched early, or now for the version the start names): the start sends only the texts
 * that need no rendering. Should the paper not come after a few tries, the questions show as
 * written (asked for then), which still lets the participant answer.
 */
export async function withPaper(quizId: string, view: ExamView): Promise<ExamView> {
  if (view.paper === null) return view;
  const { version, key } = view.paper;
  for (let attempt = 1; attempt <= PAPER_TRIES; attempt++) {
    try {
      const fetchedEarly = attempt === 1 && early?.quizId === quizId ? await early.paper.catch(() => null) : null;
      const sealed = fetchedEarly?.version === version ? fetchedEarly : await fetchSealed(`/api/exam/${quizId}/paper?v=${version}`);
      if (!sealed) throw new Error("The start named a paper the server does not have.");
      const paper = await opened(sealed, key);
      return { ...view, questions: view.questions.map((question) => placed(question, paper.questions[question.id])) };
    } catch {
      if (attempt < PAPER_TRIES) await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
    }
  }
  return callApi<ExamView>(`/api/exam/${quizId}?sources=1`).catch(() => view);
}
