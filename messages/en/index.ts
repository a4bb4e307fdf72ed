import blog from "./blog.json";
import legal from "./legal.json";
import shell from "./shell.json";

/** Every text of the app in English, by screen: one JSON file per screen. SPEC's texts are used as written. */
const messages = { blog, legal, shell };

export default messages;
