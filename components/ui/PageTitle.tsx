import type { ReactNode } from "react";

export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{children}</h1>
      {lead && <p className="mt-2 max-w-2xl text-slate-600">{lead}</p>}
    </header>
  );
}

/** A clear, honest note for a screen whose full version is still being built. */
export function ComingNext({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">{children}</p>;
}
