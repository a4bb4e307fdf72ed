import type { ReactNode } from "react";

export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{children}</h1>
      {lead && <p className="mt-2 max-w-2xl text-slate-600">{lead}</p>}
    </header>
  );
}
