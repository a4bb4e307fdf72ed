import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { afterEach, describe, expect, it } from "vitest";
import { BooksTab } from "@/components/admin/BooksTab";
import { ACCOUNTS, type TrialBalance } from "@/lib/books/schemas";
import { config } from "@/lib/config";
import type { Language } from "@/lib/i18n/schemas";
import { withIntl } from "../support/intl";

/** The upload form refreshes the page after an upload: a router that never navigates, as the app's would be mounted. */
const router = { refresh: () => undefined } as unknown as AppRouterInstance;

const gateway = config.gateway;
afterEach(() => {
  config.gateway = gateway;
});

/** A trial balance in which only gateway clearing moved (or nothing did). */
function balance(clearingPaise: number): TrialBalance {
  const line = (account: (typeof ACCOUNTS)[number], paise: number) => ({ account, openingPaise: 0, debitsPaise: Math.max(paise, 0), creditsPaise: Math.max(-paise, 0), closingPaise: paise });
  return {
    from: "2026-04-01",
    to: "2026-12-06",
    lines: ACCOUNTS.map((account) => line(account, account === "gateway_clearing" ? clearingPaise : account === "wallets" ? -clearingPaise : 0)),
    totals: { openingPaise: 0, debitsPaise: Math.abs(clearingPaise), creditsPaise: Math.abs(clearingPaise), closingPaise: 0 },
    taxPayablePaise: 0,
  };
}

async function rendered(clearingPaise: number, language: Language = "en") {
  const loaded = { balance: balance(clearingPaise), check: { ok: true as const, totals: { entries: 0, bankPaise: 0, walletsPaise: 0, prizeLiabilityPaise: 0, prizeRecoverablePaise: 0, taxPayablePaise: 0 }, receiptsNotOnBankLine: { count: 0, paise: 0 } } };
  const tab = createElement(AppRouterContext.Provider, { value: router }, createElement(BooksTab, { loaded, now: new Date("2026-12-06T10:00:00+05:30") }));
  return renderToStaticMarkup(await withIntl(tab, language)).replace(/<!-- -->/g, "");
}

describe("the Books tab with payments through the gateway", () => {
  it("names gateway clearing and gateway fees among the accounts, in both languages", async () => {
    const html = await rendered(50_000);
    expect(html).toContain("Gateway clearing (received through the gateway, not yet settled to the bank)");
    expect(html).toContain("Gateway fees (their tax included)");
    const hindi = await rendered(50_000, "hi");
    expect(hindi).toContain("गेटवे समाशोधन (गेटवे से प्राप्त, अभी बैंक में नहीं पहुँचा)");
    expect(hindi).toContain("गेटवे शुल्क (कर सहित)");
  });

  it("offers the settlement report's upload while the gateway is on, or while its clearing account moved", async () => {
    expect(config.gateway).not.toBeNull();
    expect(await rendered(0)).toContain(">Gateway settlement report (CSV)</h3>");
    expect(await rendered(0, "hi")).toContain(">गेटवे सेटलमेंट रिपोर्ट (CSV)</h3>");
    config.gateway = null;
    expect(await rendered(0)).not.toContain("Gateway settlement report");
    expect(await rendered(50_000)).toContain(">Gateway settlement report (CSV)</h3>");
  });
});
