import { getLocale } from "next-intl/server";
import { DomainError } from "@/lib/errors";
import type { Message } from "@/lib/catalogue";
import { messagesIn } from "./translations";
import type { Language } from "./schemas";

/** A service's refusal shown on a page (not through the API), in the page's language. */
export async function pageMessage(refusal: Message | DomainError): Promise<string> {
  return (await messagesIn((await getLocale()) as Language))(refusal instanceof DomainError ? refusal.text : refusal);
}
