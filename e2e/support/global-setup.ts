import { openMailbox } from "./mailbox";

/** What every journey shares besides the app: the mailbox the app sends to. Returns its teardown. */
export default async function globalSetup() {
  return openMailbox();
}
