import { route } from "@/lib/http/route";
import { listTransactions } from "@/lib/wallet/service";

export const GET = route({ auth: "user" }, async ({ user, request }) => {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  return listTransactions(user.id, page);
});
