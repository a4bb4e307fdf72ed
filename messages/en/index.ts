import shell from "./shell.json";
import home from "./home.json";
import auth from "./auth.json";
import contact from "./contact.json";
import results from "./results.json";
import prizes from "./prizes.json";
import quizList from "./quizList.json";
import certificates from "./certificates.json";
import offline from "./offline.json";
import unauthorized from "./unauthorized.json";
import notification from "./notification.json";
import ui from "./ui.json";

/** Every text of the app in English, by screen: one JSON file per screen. SPEC's texts are used as written. */
const messages = { shell, home, auth, contact, results, prizes, quizList, certificates, offline, unauthorized, notification, ui };

export default messages;
