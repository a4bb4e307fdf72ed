import { z } from "zod";
import { searchUsers } from "@/lib/accounts";
import { route } from "@/lib/http";
import { text } from "@/lib/validation";

const searchQuery = z.object({ q: text("The search").default("").transform((q) => q.trim().slice(0, 80)) });

export const GET = route({ can: "users.search", does: "Finds users by name, email or mobile", query: searchQuery }, async ({ actor, query }) => ({
  users: query.q.length >= 2 ? await searchUsers(actor, query.q) : [],
}));
