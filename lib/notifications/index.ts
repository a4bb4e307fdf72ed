import "server-only";

/** Notifications: in-app rows for every recipient, and web push through the job queue. */
export { deliverPushes, fanOutPush, vapidPublicKey, type PushOutcome, type VapidKeys } from "./push";
export { listMyNotifications, notifyAdmins, notifyEachOnce, notifyUsers, savePushSubscription, sendNotification, type Announcement, type KeyedNotice, type NotificationContent } from "./service";
