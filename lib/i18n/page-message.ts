import { getLocale } from "next-intl/server";
import { DomainError } from "@/lib/errors";
import type { Message } from "@/lib/messages";
import { messagesIn } from "./messages";
import type { Language } from "./schemas";

/** A service's refusal shown on a page (not through the API), in the page's language. */
export async function pageMessage(refusal: Message | DomainError): Promise<string> {
  return (await messagesIn((await getLocale()) as Language))(refusal instanceof DomainError ? refusal.text : refusal);
}
