import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";

export const metadata: Metadata = {
  title: "Demo quiz",
  description: "Try ten free questions against a five-minute clock before you register.",
  alternates: { canonical: "/demoquiz" },
};

export default function DemoQuizPage() {
  return (
    <>
      <PageTitle lead="Ten questions, five minutes, no sign-up: a free feel of the real quiz screen.">Demo Olympiad Quiz</PageTitle>
      <ComingNext>The timed demo quiz opens here in the next release. Its ten questions are already in the question bank.</ComingNext>
    </>
  );
}
