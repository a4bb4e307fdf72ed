import errors from "./errors.json";
import mail from "./mail.json";
import push from "./push.json";
import shell from "./shell.json";

/** Every text of the app in English, by screen: one JSON file per screen. SPEC's texts are used as written. */
const messages = { shell, errors, mail, push };

export default messages;
