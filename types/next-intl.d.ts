import type messages from "@/messages/en";
import type { Language } from "@/lib/i18n/schemas";

// Keys and languages are checked by the compiler: a misspelt key fails the typecheck.
declare module "next-intl" {
  interface AppConfig {
    Locale: Language;
    Messages: typeof messages;
  }
}
