import { route } from "@/lib/http";
import { activityByDay, finishedQuizzes, itemAnalysis, pendingVerifications, scoreDistribution, seatsLeft } from "@/lib/insights";
import { insightQuizQuery } from "@/lib/insights/schemas";

/** Admins: the Overview's figures as JSON; with ?quiz=, that finished quiz's scores and item analysis too. */
export const GET = route({ can: "insights.view", does: "Reads a quiz's insights (scores, questions, funnel)", query: insightQuizQuery }, async ({ actor, query }) => {
  const now = new Date();
  const [activity, pending, seats, finished] = await Promise.all([activityByDay(actor, now), pendingVerifications(actor, now), seatsLeft(actor, now), finishedQuizzes(actor, now)]);
  const quiz = query.quiz ? { scores: await scoreDistribution(actor, query.quiz), analysis: await itemAnalysis(actor, query.quiz) } : null;
  return { activity, pending, seats, finished, quiz };
});
