import demo from "./demo.json";
import exam from "./exam.json";
import shell from "./shell.json";
import dashboard from "./dashboard.json";
import payment from "./payment.json";
import profile from "./profile.json";
import wallet from "./wallet.json";
import notifications from "./notifications.json";

/** Every text of the app in English, by screen: one JSON file per screen. SPEC's texts are used as written. */
const messages = { shell, dashboard, payment, profile, wallet, notifications, exam, demo };

export default messages;
