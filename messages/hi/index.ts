import type english from "../en";
import shell from "./shell.json";
import dashboard from "./dashboard.json";
import payment from "./payment.json";
import profile from "./profile.json";
import wallet from "./wallet.json";
import notifications from "./notifications.json";
import home from "./home.json";
import auth from "./auth.json";
import contact from "./contact.json";
import results from "./results.json";
import prizes from "./prizes.json";
import quizList from "./quizList.json";
import certificates from "./certificates.json";
import offline from "./offline.json";
import unauthorized from "./unauthorized.json";
import notificationPage from "./notificationPage.json";
import ui from "./ui.json";

/** Every text of the app in Hindi, by screen: the same files and keys as English (messages.test.ts). */
const messages = { shell, dashboard, payment, profile, wallet, notifications, home, auth, contact, results, prizes, quizList, certificates, offline, unauthorized, notificationPage, ui } satisfies typeof english;

export default messages;
