import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";
import { publishResults } from "@/lib/results";

export const POST = route({ can: "results.publish", does: "Publishes a quiz's results as frozen rows with their digest", params: quizParams }, async ({ actor, params }) => {
  await publishResults(actor, params.quizId);
  return { message: "Results published." };
});
