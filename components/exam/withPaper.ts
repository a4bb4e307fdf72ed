import type { RenderedWording } from "@/db/schema";
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

const PAPER_TRIES = 3;

/** The paper comes as a gzip file (compressed once on the server for everyone): unpacked here. */
async function fetchPaper(path: string): Promise<ExamPaper> {
  const response = await fetch(path, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok || !response.body) throw new Error(`The exam paper was not served (${response.status}).`);
  return (await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).json()) as ExamPaper;
}

/**
 * The exam's questions with their formulas, tables and lists, from the quiz's exam paper (served
 * apart from the start, the same for every participant). Should it not come after a few tries,
 * the questions show as written, which still lets the participant answer.
 */
export async function withPaper(quizId: string, view: ExamView): Promise<ExamView> {
  if (view.paper === null) return view;
  for (let attempt = 1; attempt <= PAPER_TRIES; attempt++) {
    try {
      const paper = await fetchPaper(`/api/exam/${quizId}/paper?v=${view.paper}`);
      return { ...view, questions: view.questions.map((question) => placed(question, paper.questions[question.id])) };
    } catch {
      if (attempt < PAPER_TRIES) await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
    }
  }
  return view;
}
