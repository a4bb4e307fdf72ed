import { route } from "@/lib/http/route";
import { listUploads } from "@/lib/uploads/service";

export const GET = route({ auth: "user" }, async ({ user }) => ({ imageData: await listUploads(user) }));
