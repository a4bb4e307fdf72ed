"use client";

import { useId, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { smallButtonClass } from "./adminUi";

interface FoundUser {
  id: string;
  name: string;
  email: string;
}

interface RecipientPickerProps {
  admin: { id: string; name: string };
  /** The user id currently in the form. */
  userId: string;
  userIdInput: UseFormRegisterReturn<"userId">;
  error?: string;
  onPick: (userId: string) => void;
}

const SEARCH_DELAY_MS = 300;

/**
 * The user id starts as the admin's own (SPEC §5: "autofilled with the current user"), so a
 * test message goes to oneself; searching by name or email replaces it with someone else's.
 */
export function RecipientPicker({ admin, userId, userIdInput, error, onPick }: RecipientPickerProps) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<FoundUser[]>();
  const [searchFailed, setSearchFailed] = useState(false);
  const [picked, setPicked] = useState<FoundUser>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef("");

  function search(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    const term = value.trim();
    latest.current = term;
    if (term.length < 2) {
      setResults(undefined);
      return;
    }
    // Wait for a pause in typing, and drop answers to searches that have since been replaced.
    timer.current = setTimeout(async () => {
      try {
        const { users } = await callApi<{ users: FoundUser[] }>(`/api/users/search?q=${encodeURIComponent(term)}`);
        if (latest.current !== term) return;
        setSearchFailed(false);
        setResults(users);
      } catch {
        if (latest.current === term) setSearchFailed(true);
      }
    }, SEARCH_DELAY_MS);
  }

  function pick(user: FoundUser) {
    setPicked(user);
    onPick(user.id);
    setQuery("");
    setResults(undefined);
    latest.current = "";
  }

  const who = userId === admin.id ? `You (${admin.name})` : userId === picked?.id ? `${picked.name} (${picked.email})` : undefined;
  const found = results === undefined ? undefined : results.length === 0 ? "No users found." : `${results.length} ${results.length === 1 ? "user" : "users"} found.`;

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">Recipient</legend>
      <Field id="notification-user-id" label="User id" hint={who ? `Sending to ${who}.` : "Sending to the user with this id."} error={error} spellCheck={false} {...userIdInput} />
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">Find a user</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => search(event.target.value)}
          aria-describedby={`${searchId}-hint`}
          autoComplete="off"
          className={inputClass}
        />
        <p id={`${searchId}-hint`} className="text-sm text-slate-600">Type at least 2 letters of a name or email, then choose the user.</p>
      </div>
      <p aria-live="polite" className="text-sm text-slate-700">{searchFailed ? "The search failed. Please try again." : found}</p>
      {results && results.length > 0 && (
        <ul aria-label="Users found" className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {results.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 break-all text-sm">
                <span className="font-medium text-slate-900">{user.name}</span> <span className="text-slate-600">{user.email}</span>
              </span>
              <button type="button" onClick={() => pick(user)} className={smallButtonClass}>
                Choose<span className="sr-only"> {user.name} ({user.email})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
