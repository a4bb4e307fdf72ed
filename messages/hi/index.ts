import type english from "../en";
import shell from "./shell.json";

/** Every text of the app in Hindi, by screen: the same files and keys as English (messages.test.ts). */
const messages = { shell } satisfies typeof english;

export default messages;
