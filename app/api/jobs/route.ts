import { route } from "@/lib/http/route";
import { queueCounts } from "@/lib/jobs/queue";

/** Admins: pending, running and failed jobs per background queue. */
export const GET = route({ auth: "admin" }, async () => ({ queues: await queueCounts() }));
