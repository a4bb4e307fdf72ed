import type english from "../en";
import errors from "./errors.json";
import mail from "./mail.json";
import push from "./push.json";
import shell from "./shell.json";

/** Every text of the app in Hindi, by screen: the same files and keys as English (messages.test.ts). */
const messages = { shell, errors, mail, push } satisfies typeof english;

export default messages;
