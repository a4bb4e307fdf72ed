import type { Metadata } from "next";
import { DemoQuiz } from "@/components/demo/DemoQuiz";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { loadDemoQuiz } from "@/lib/quizzes";

export const metadata: Metadata = {
  title: "Demo quiz",
  description: "Try ten free questions against a five-minute clock before you register.",
  alternates: { canonical: "/demoquiz" },
};

export default async function DemoQuizPage() {
  const quiz = await loadDemoQuiz(await currentActor());
  return (
    <>
      <PageTitle lead="Ten questions, five minutes, no sign-up: a free feel of the real quiz screen.">Demo Olympiad Quiz</PageTitle>
      <noscript>
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">The demo quiz needs JavaScript. Please turn it on to take the quiz.</p>
      </noscript>
      {quiz && quiz.questions.length > 0 ? (
        <DemoQuiz questions={quiz.questions} durationSeconds={quiz.durationSeconds} />
      ) : (
        <p className="text-slate-700">The demo quiz is not available right now. Please try again later.</p>
      )}
    </>
  );
}
