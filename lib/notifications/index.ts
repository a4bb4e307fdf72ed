import "server-only";

/** Notifications: in-app rows for every recipient, and web push through the job queue. */
export { deliverPushes, fanOutPush, vapidPublicKey } from "./push";
export { listMyNotifications, notifyAdmins, notifyEachOnce, notifyUsers, savePushSubscription, sendNotification } from "./service";
