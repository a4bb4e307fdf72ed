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

/** Every text of the app in English, by screen: one JSON file per screen. SPEC's texts are used as written. */
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
};

export default messages;
