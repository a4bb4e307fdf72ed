"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { InstallButton } from "@/components/pwa/InstallButton";
import { LanguageSwitch } from "./LanguageSwitch";
import type { ShellTexts } from "./shellTexts";

interface NavbarProps {
  brandName: string;
  viewer: { name: string; isAdmin: boolean } | null;
  socialLinks: { name: string; url: string }[];
  texts: ShellTexts;
}

type ShellText = Exclude<keyof ShellTexts, "language">;

const MAIN_LINKS: { href: string; label: ShellText }[] = [
  { href: "/", label: "home" },
  { href: "/winnerleaderboard", label: "winners" },
  { href: "/prizelisting", label: "prize" },
  { href: "/readblogs", label: "readBlogs" },
];

const MORE_LINKS: { href: string; label: ShellText }[] = [
  { href: "/tnc", label: "termsShort" },
  { href: "/privacypolicy", label: "privacyPolicy" },
  { href: "/contactus", label: "contactUs" },
];

const ACCOUNT_LINKS: { href: string; label: ShellText }[] = [
  { href: "/profiledetails", label: "profileDetails" },
  { href: "/walletdetails", label: "wallet" },
];

// Links fetch nothing ahead (prefetch={false}, here and on the content pages): every page is
// rendered per request and none has a loading.tsx, so a prefetch holds nothing a click could use,
// yet costs a server render and the reader's main thread for each link in view.
const linkClass = "rounded px-3 py-2 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand";

async function logout() {
  await fetch("/api/logout", { method: "POST" }).catch(() => undefined);
  // A full load, so the server-rendered pages drop the ended session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/");
}

/** Hidden while scrolling down, shown again on the way up (SPEC §2 shell). */
function useHideOnScrollDown() {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > lastY.current && y > 64);
      lastY.current = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round the open menu's controls instead of reaching the page behind it. */
function keepTabInside(container: HTMLElement, event: KeyboardEvent) {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.checkVisibility());
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

export function Navbar({ brandName, viewer, socialLinks, texts }: NavbarProps) {
  const t = (key: ShellText) => texts[key];
  const hidden = useHideOnScrollDown();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  /** For a link: the next page takes over. */
  const closeMenu = () => setMenuOpen(false);
  /** Dismissed on this page: focus goes back to the button that opened the menu. */
  const dismissMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") dismissMenu();
      else if (event.key === "Tab" && menuPanel.current) keepTabInside(menuPanel.current, event);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen, dismissMenu]);

  return (
    <header
      className={`sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur transition-transform duration-300 motion-reduce:transition-none ${hidden && !menuOpen ? "-translate-y-full" : ""}`}
      data-testid="navbar"
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">{t("skipToContent")}</a>
      <nav aria-label={t("mainNavigation")} className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Link prefetch={false} href="/" className="flex items-center gap-2 text-lg font-bold text-brand">
          {/* eslint-disable-next-line @next/next/no-img-element -- a tiny local SVG needs no optimiser */}
          <img src="/icon.svg" alt="" width={32} height={32} className="rounded" />
          {brandName}
        </Link>

        <div className="hidden flex-wrap items-center justify-end gap-1 md:flex">
          {MAIN_LINKS.map((link) => (
            <Link prefetch={false} key={link.href} href={link.href} className={linkClass}>{t(link.label)}</Link>
          ))}
          {viewer?.isAdmin && <Link prefetch={false} href="/adminpanel" className={linkClass}>{t("admin")}</Link>}
          <InstallButton className={linkClass} label={t("installApp")} />
          <LanguageSwitch language={texts.language} title={t("switchTo")} className={linkClass} />
          {viewer ? <AccountMenu viewer={viewer} texts={texts} /> : (
            <Link prefetch={false} href="/login" className="ml-2 rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:opacity-90">
              {t("loginSignup")}
            </Link>
          )}
        </div>

        <button
          ref={menuButton}
          type="button"
          className="rounded border border-slate-300 px-3 py-2 text-sm font-medium md:hidden"
          aria-expanded={menuOpen}
          aria-controls="offcanvas-menu"
          onClick={() => setMenuOpen(true)}
        >
          {t("menu")}
        </button>
      </nav>

      {menuOpen && (
        <div className="fixed inset-0 z-40 md:hidden">
          <button type="button" aria-label={t("closeMenu")} tabIndex={-1} className="absolute inset-0 bg-black/40" onClick={dismissMenu} />
          <div
            ref={menuPanel}
            id="offcanvas-menu"
            role="dialog"
            aria-modal="true"
            aria-label={t("menuLabel")}
            className="absolute top-0 right-0 flex h-full w-72 max-w-[85%] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl"
          >
            <div className="mb-2 flex items-center justify-between">
              <span className="font-bold text-brand">{brandName}</span>
              <button type="button" className="rounded px-2 py-1 text-sm" onClick={dismissMenu} autoFocus>
                {t("close")}
              </button>
            </div>
            {[...MAIN_LINKS, ...(viewer ? ACCOUNT_LINKS : [])].map((link) => (
              <Link prefetch={false} key={link.href} href={link.href} className={linkClass} onClick={closeMenu}>{t(link.label)}</Link>
            ))}
            {viewer?.isAdmin && <Link prefetch={false} href="/adminpanel" className={linkClass} onClick={closeMenu}>{t("admin")}</Link>}
            <InstallButton className={`${linkClass} text-left`} label={t("installApp")} />
            <LanguageSwitch language={texts.language} title={t("switchTo")} className={`${linkClass} text-left`} />
            <hr className="my-2 border-slate-200" />
            {MORE_LINKS.map((link) => (
              <Link prefetch={false} key={link.href} href={link.href} className={linkClass} onClick={closeMenu}>{t(link.label)}</Link>
            ))}
            {socialLinks.length > 0 && (
              <ul aria-label={t("socialLinks")} className="mt-2 flex flex-wrap gap-2">
                {socialLinks.map((link) => (
                  <li key={link.name}>
                    <a href={link.url} rel="noopener noreferrer" target="_blank" className={linkClass}>{link.name}</a>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-auto pt-4">
              {viewer ? (
                <button type="button" onClick={logout} className="w-full rounded border border-slate-300 px-4 py-2 text-sm font-semibold">
                  {t("logout")}
                </button>
              ) : (
                <Link prefetch={false} href="/login" onClick={closeMenu} className="block rounded bg-brand px-4 py-2 text-center text-sm font-semibold text-white">
                  {t("loginSignup")}
                </Link>
              )}
            </div>
          </div>
        </div>
      )}
    </header>
  );
}

function AccountMenu({ viewer, texts }: { viewer: { name: string }; texts: ShellTexts }) {
  const t = (key: ShellText) => texts[key];
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menuRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div className="relative ml-2" ref={menuRef}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} className={`${linkClass} border border-slate-300`}>
        {viewer.name || t("account")} ▾
      </button>
      {open && (
        <div role="menu" className="absolute right-0 mt-2 flex w-48 flex-col rounded border border-slate-200 bg-white py-1 shadow-lg">
          {ACCOUNT_LINKS.map((link) => (
            <Link prefetch={false} key={link.href} role="menuitem" href={link.href} className={linkClass}>{t(link.label)}</Link>
          ))}
          <button role="menuitem" type="button" onClick={logout} className={`${linkClass} text-left`}>{t("logout")}</button>
        </div>
      )}
    </div>
  );
}
