/** What questions' content shares with the screens that show it. Client-safe. */

/** A text made safe as a quoted attribute's value in HTML the app writes itself (a label added to rendered content). */
export function escapedAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
