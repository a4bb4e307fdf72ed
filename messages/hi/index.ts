import type english from "../en";
import blog from "./blog.json";
import legal from "./legal.json";
import shell from "./shell.json";

/** Every text of the app in Hindi, by screen: the same files and keys as English (messages.test.ts). */
const messages = { blog, legal, shell } satisfies typeof english;

export default messages;
