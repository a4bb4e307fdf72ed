import type english from "../en";
import demo from "./demo.json";
import exam from "./exam.json";
import shell from "./shell.json";
import dashboard from "./dashboard.json";
import payment from "./payment.json";
import profile from "./profile.json";
import wallet from "./wallet.json";
import notifications from "./notifications.json";

/** Every text of the app in Hindi, by screen: the same files and keys as English (messages.test.ts). */
const messages = { shell, dashboard, payment, profile, wallet, notifications, exam, demo } satisfies typeof english;

export default messages;
