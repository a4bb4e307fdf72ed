import demo from "./demo.json";
import exam from "./exam.json";
import shell from "./shell.json";

/** Every text of the app in English, by screen: one JSON file per screen. SPEC's texts are used as written. */
const messages = { shell, exam, demo };

export default messages;
