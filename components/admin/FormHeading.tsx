"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * A form's heading that takes focus when the form is swapped in (Edit, Cancel, after a save),
 * so keyboard and screen-reader users land on the form that changed rather than on nothing.
 * On the first render it stays put, so opening the tab does not jump.
 */
export function FormHeading({ id, level = 3, takeFocus, children }: { id: string; level?: 3 | 4; takeFocus: boolean; children: ReactNode }) {
  const Heading = level === 3 ? "h3" : "h4";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
    // Only on mount: the form is re-mounted for every change of mode.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Heading id={id} ref={heading} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-2 focus-visible:outline-brand">
      {children}
    </Heading>
  );
}
