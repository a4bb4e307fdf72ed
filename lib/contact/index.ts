import "server-only";

/** The contact form: messages from anyone, read by admins. */
export { listContactMessages, saveContactMessage } from "./service";
