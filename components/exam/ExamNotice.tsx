import Link from "next/link";
import { secondaryButtonClass } from "@/components/ui/form";

/** Why the participant cannot take the exam now, and where to go instead. */
export function ExamNotice({ message, action }: { message: string; action: { href: string; label: string } }) {
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
        {message}
      </p>
      <Link href={action.href} className={secondaryButtonClass}>
        {action.label}
      </Link>
    </div>
  );
}
