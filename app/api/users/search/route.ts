import { route } from "@/lib/http/route";
import { searchUsers } from "@/lib/notifications/service";

export const GET = route({ auth: "admin" }, async ({ request }) => {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 80);
  return { users: query.length >= 2 ? await searchUsers(query) : [] };
});
