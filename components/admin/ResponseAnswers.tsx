import { TextOrImage } from "@/components/ui/TextOrImage";
import type { responseDetail } from "@/lib/review";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

type Answer = Awaited<ReturnType<typeof responseDetail>>["answers"][number];

const LETTERS = ["A", "B", "C", "D"];
const cell = "px-3 py-2";

function Option({ answer, index }: { answer: Answer; index: number }) {
  return (
    <>
      <span className="font-medium">{LETTERS[index]}.</span>{" "}
      <TextOrImage size="thumbnail" text={answer.options[index] ?? ""} html={answer.rendered?.en.options[index]} alt={`Option ${LETTERS[index]} image`} />
    </>
  );
}

function Mark({ answer }: { answer: Answer }) {
  if (answer.selectedOptionIndex === null) return <span className="text-slate-600">Not answered</span>;
  return answer.selectedOptionIndex === answer.correctOptionIndex ? (
    <span className="font-medium text-emerald-700"><span aria-hidden="true">✓ </span>Right</span>
  ) : (
    <span className="font-medium text-red-700"><span aria-hidden="true">✗ </span>Wrong</span>
  );
}

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
            <th scope="col" className={cell}>Chosen option</th>
            <th scope="col" className={cell}>Correct option</th>
            <th scope="col" className={cell}>Mark</th>
          </tr>
        </thead>
        <tbody>
          {answers.map((answer) => (
            <tr key={answer.questionId} className="border-t border-slate-100 align-top">
              <td className={cell}><TextOrImage size="thumbnail" text={answer.text} html={answer.rendered?.en.text} alt="Question image" /></td>
              <td className={cell}>{answer.selectedOptionIndex !== null && <Option answer={answer} index={answer.selectedOptionIndex} />}</td>
              <td className={cell}><Option answer={answer} index={answer.correctOptionIndex} /></td>
              <td className={`${cell} whitespace-nowrap`}><Mark answer={answer} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
