import auth from "./auth.json";
import blog from "./blog.json";
import books from "./books.json";
import certificates from "./certificates.json";
import contact from "./contact.json";
import dashboard from "./dashboard.json";
import demo from "./demo.json";
import errors from "./errors.json";
import exam from "./exam.json";
import home from "./home.json";
import legal from "./legal.json";
import mail from "./mail.json";
import notificationPage from "./notificationPage.json";
import notifications from "./notifications.json";
import offline from "./offline.json";
import payment from "./payment.json";
import prizes from "./prizes.json";
import profile from "./profile.json";
import push from "./push.json";
import quizList from "./quizList.json";
import results from "./results.json";
import shell from "./shell.json";
import ui from "./ui.json";
import unauthorized from "./unauthorized.json";
import wallet from "./wallet.json";

/** Every text of the app in English, by screen: one JSON file per screen. SPEC's texts are used as written. */
const messages = {
  auth,
  blog,
  books,
  certificates,
  contact,
  dashboard,
  demo,
  errors,
  exam,
  home,
  legal,
  mail,
  notificationPage,
  notifications,
  offline,
  payment,
  prizes,
  profile,
  push,
  quizList,
  results,
  shell,
  ui,
  unauthorized,
  wallet,
};

export default messages;
