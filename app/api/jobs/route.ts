import { route } from "@/lib/http";
import { queueCounts } from "@/lib/jobs";

/** Admins: pending, running and failed jobs per background queue. */
export const GET = route({ can: "jobs.view", does: "Lists background jobs and their state" }, async ({ actor }) => ({ queues: await queueCounts(actor) }));
