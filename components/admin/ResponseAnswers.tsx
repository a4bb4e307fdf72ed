import { TextOrImage } from "@/components/ui/TextOrImage";
import type { responseDetail } from "@/lib/review";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

type Answer = Awaited<ReturnType<typeof responseDetail>>["answers"][number];

const LETTERS = ["A", "B", "C", "D", "E", "F"];
const cell = "px-3 py-2";

function Option({ answer, index }: { answer: Answer; index: number }) {
  return (
    <span className="block">
      <span className="font-medium">{LETTERS[index]}.</span>{" "}
      <TextOrImage size="thumbnail" text={answer.options[index] ?? ""} html={answer.rendered?.en.options[index]} alt={`Option ${LETTERS[index]} image`} />
    </span>
  );
}

/** Options by their letters and texts, a typed number as typed, or accepted ranges ("2.49 to 2.51"). */
function Given({ answer, value }: { answer: Answer; value: number | number[] | string | [string, string][] | null }) {
  if (value === null) return null;
  if (typeof value === "string") return <span className="font-mono">{value}</span>;
  if (typeof value === "number") return <Option answer={answer} index={value} />;
  if (answer.answerType === "integer" || answer.answerType === "numerical") {
    return <span className="font-mono">{(value as [string, string][]).map(([low, high]) => (low === high ? low : `${low} to ${high}`)).join(" or ")}</span>;
  }
  return (value as number[]).map((index) => <Option key={index} answer={answer} index={index} />);
}

const VERDICTS = {
  unanswered: <span className="text-slate-600">Not answered</span>,
  right: <span className="font-medium text-emerald-700"><span aria-hidden="true">✓ </span>Right</span>,
  "in part": <span className="font-medium text-amber-800"><span aria-hidden="true">◐ </span>In part</span>,
  wrong: <span className="font-medium text-red-700"><span aria-hidden="true">✗ </span>Wrong</span>,
};

/** Only questions the participant touched have a saved answer; a cleared answer shows as not answered. */
export function ResponseAnswers({ answers }: { answers: Answer[] }) {
  if (answers.length === 0) return <p className="text-slate-700">No answers were saved.</p>;
  return (
    <ScrollRegion label="Answers in the order they were given">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Answers in the order they were given</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>Question</th>
            <th scope="col" className={cell}>Answer given</th>
            <th scope="col" className={cell}>Correct answer</th>
            <th scope="col" className={cell}>Mark</th>
          </tr>
        </thead>
        <tbody>
          {answers.map((answer) => (
            <tr key={answer.questionId} className="border-t border-slate-100 align-top">
              <td className={cell}><TextOrImage size="thumbnail" text={answer.text} html={answer.rendered?.en.text} alt="Question image" /></td>
              <td className={cell}><Given answer={answer} value={answer.given} /></td>
              <td className={cell}><Given answer={answer} value={answer.accepted} /></td>
              <td className={`${cell} whitespace-nowrap`}>{VERDICTS[answer.verdict]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
