"use client";

import { useRef, useState } from "react";
import { Field, FormMessage, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { failureText } from "./adminUi";

/** Where an image goes: the question's text, or one option by its index. */
export type ImagePlace = "text" | number;

/** The question, then each of its options (a typed question has none). */
function placesOf(optionCount: number): { value: string; label: string }[] {
  return [{ value: "text", label: "The question" }, ...Array.from({ length: optionCount }, (_, index) => ({ value: String(index), label: `Option ${index + 1}` }))];
}

interface QuestionImagePickerProps {
  /** Adds the image's reference, with the alt text of each language, to that place's English and Hindi texts. */
  onAdd: (place: ImagePlace, reference: { en: string; hi: string }) => void;
  optionCount: number;
}

/**
 * Uploads a diagram or figure for the question or one of its options (PNG, JPEG, WebP or GIF; the
 * server refuses SVG) and writes it into the texts with the alt text a screen reader reads, in
 * English and in Hindi.
 */
export function QuestionImagePicker({ onAdd, optionCount }: QuestionImagePickerProps) {
  const places = placesOf(optionCount);
  const fileRef = useRef<HTMLInputElement>(null);
  const [place, setPlace] = useState("text");
  const [altEn, setAltEn] = useState("");
  const [altHi, setAltHi] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function add() {
    setError(undefined);
    setNotice(undefined);
    const file = fileRef.current?.files?.[0];
    if (!file) return setError("Choose an image to upload.");
    if (!altEn.trim() || !altHi.trim()) return setError("Describe the image in English and in Hindi: participants who cannot see it hear this.");
    setBusy(true);
    try {
      const form = new FormData();
      form.set("file", file);
      const image = await callApi<{ id: string }>("/api/question-images", { form });
      const tidy = (alt: string) => alt.trim().replace(/[[\]\n]/g, " ");
      onAdd(place === "text" ? "text" : Number(place), { en: `![${tidy(altEn)}](image:${image.id})`, hi: `![${tidy(altHi)}](image:${image.id})` });
      setNotice(`Image added to ${places.find((option) => option.value === place)?.label.toLowerCase()}.`);
      setAltEn("");
      setAltHi("");
      if (fileRef.current) fileRef.current.value = "";
    } catch (caught) {
      setError(failureText(caught, "Upload failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4" aria-describedby="question-image-hint">
      <legend className="px-1 text-sm font-medium text-slate-800">Add an image</legend>
      <p id="question-image-hint" className="-mt-1 text-sm text-slate-600">
        A diagram or figure, kept with the quiz and shown only to its participants: PNG, JPEG, WebP or GIF up to 5 MB.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Image file
          <input ref={fileRef} type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="text-sm text-slate-900" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Show it in
          <select value={place} onChange={(event) => setPlace(event.target.value)} className="rounded-md border border-slate-400 px-3 py-2 text-slate-900">
            {places.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
          </select>
        </label>
        <Field id="question-image-alt" label="Alt text (English)" value={altEn} onChange={(event) => setAltEn(event.target.value)} hint="What the image shows, for someone who cannot see it." />
        <Field id="question-image-alt-hi" label="Alt text (Hindi)" lang="hi" value={altHi} onChange={(event) => setAltHi(event.target.value)} />
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">{notice}</FormMessage>
      <div>
        <button type="button" className={secondaryButtonClass} onClick={add} disabled={busy}>{busy ? "Uploading…" : "Upload and add image"}</button>
      </div>
    </fieldset>
  );
}
