import { z } from "zod";
import { text } from "@/lib/validation";

/** Shared by the admin's Send Notification form and /api/notifications/send-notification. */
export const sendNotificationSchema = z
  .object({
    title: text("Title", "Title and body are required.").trim().min(1, "Title and body are required.").max(120, "The title is too long."),
    body: text("Body", "Title and body are required.").trim().min(1, "Title and body are required.").max(1000, "The message is too long."),
    icon: text("Icon").trim().max(500, "The icon address is too long.").optional(),
    target: z.enum(["all", "user", "admin"], { error: "Target must be all, user or admin." }),
    userId: z.uuid("Choose the user to notify.").optional(),
  })
  .refine((input) => input.target !== "user" || Boolean(input.userId), { message: "Choose the user to notify.", path: ["userId"] });

/** A browser's push keys are base64url. */
const pushKey = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, "The push subscription is not valid.");

export const subscriptionSchema = z.object({
  subscription: z.object({
    // Which push services are accepted is the server's configuration (savePushSubscription).
    endpoint: z.url("The push subscription is not valid.").max(2048, "The push subscription is not valid."),
    keys: z.object({ p256dh: pushKey(20, 200), auth: pushKey(8, 100) }),
  }),
  /** Accepted for the spec's payload; the subscriber is always the logged-in user. */
  userId: text("userId").max(100).optional(),
});
