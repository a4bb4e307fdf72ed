import { z } from "zod";

/** Shared by the admin's Send Notification form and /api/notifications/send-notification. */
export const sendNotificationSchema = z
  .object({
    title: z.string({ error: "Title and body are required." }).trim().min(1, "Title and body are required.").max(120, "The title is too long."),
    body: z.string({ error: "Title and body are required." }).trim().min(1, "Title and body are required.").max(1000, "The message is too long."),
    icon: z.string().trim().max(500).optional(),
    target: z.enum(["all", "user", "admin"], { error: "Target must be all, user or admin." }),
    userId: z.uuid("Choose the user to notify.").optional(),
  })
  .refine((input) => input.target !== "user" || Boolean(input.userId), { message: "Choose the user to notify.", path: ["userId"] });

export const subscriptionSchema = z.object({
  subscription: z.object({
    // Which push services are accepted is the server's configuration (savePushSubscription).
    endpoint: z.url("The push subscription is not valid.").max(2048, "The push subscription is not valid."),
    keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
  }),
  /** Accepted for the spec's payload; the subscriber is always the logged-in user. */
  userId: z.string().optional(),
});
