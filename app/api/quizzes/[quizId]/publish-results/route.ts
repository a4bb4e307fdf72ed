import { quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { publishResults } from "@/lib/results";

export const POST = route({ can: "results.publish", params: quizParams }, async ({ actor, params }) => {
  await publishResults(actor, params.quizId);
  return { message: "Results published." };
});
