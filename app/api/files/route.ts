import { route } from "@/lib/http";
import { listUploads } from "@/lib/uploads";

export const GET = route({ can: "uploads.read" }, async ({ actor }) => ({ imageData: await listUploads(actor) }));
