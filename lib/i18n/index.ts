import "server-only";

/** Hindi beside English: addresses in each language; the request's language is lib/i18n/request.ts (next-intl's). */
export { addressIn, languageAddresses, pageAlternates } from "./alternates";
export { messagesIn, textsIn } from "./translations";
export { pageMessage } from "./page-message";
