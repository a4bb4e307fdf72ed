import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./options";

export interface Viewer {
  id: string;
  name: string;
  role: "participant" | "admin";
}

/** The logged-in user of this request, or null for a visitor. */
export async function getViewer(): Promise<Viewer | null> {
  const session = await getServerSession(authOptions);
  if (!session?.user?.id) return null;
  return { id: session.user.id, name: session.user.name ?? "", role: session.user.role };
}

/** Pages call this as well as proxy.ts: a page never trusts that the gate ran. */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect("/");
  return viewer;
}

export async function requireAdmin(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (viewer.role !== "admin") redirect("/unauthorized");
  return viewer;
}
