"use client";

import { useEffect } from "react";
import { removeExpiredExamData } from "@/components/exam/storage";

/** Clears exam data this device no longer needs (SPEC §4), once per home visit. */
export function ExpiredExamData() {
  useEffect(() => {
    try {
      removeExpiredExamData(window.localStorage);
    } catch {
      // Storage may be unavailable (private mode); there is then nothing to clear.
    }
  }, []);
  return null;
}
