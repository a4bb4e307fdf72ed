import { route } from "@/lib/http";
import { listUploads } from "@/lib/uploads";

export const GET = route({ can: "uploads.read", does: "Lists the caller's uploads (an admin: everyone's)" }, async ({ actor }) => ({ imageData: await listUploads(actor) }));
