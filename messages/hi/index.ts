import type english from "../en";
import blog from "./blog.json";
import dashboard from "./dashboard.json";
import demo from "./demo.json";
import errors from "./errors.json";
import exam from "./exam.json";
import legal from "./legal.json";
import mail from "./mail.json";
import notifications from "./notifications.json";
import payment from "./payment.json";
import profile from "./profile.json";
import push from "./push.json";
import shell from "./shell.json";
import wallet from "./wallet.json";

/** Every text of the app in Hindi, by screen: the same files and keys as English (messages.test.ts). */
const messages = {
  blog,
  dashboard,
  demo,
  errors,
  exam,
  legal,
  mail,
  notifications,
  payment,
  profile,
  push,
  shell,
  wallet,
} satisfies typeof english;

export default messages;
