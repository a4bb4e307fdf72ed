"use client";

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/form";
import { PRIZES_LOCKED_NOTE } from "@/lib/catalogue";
import { formatRupeesWithSymbol, rupeesToPaise } from "@/lib/money";
import { smallButtonClass } from "./adminUi";
import type { QuizInput } from "@/lib/quizzes/schemas";
import type { QuizFormValues } from "./quizFormValues";

interface PrizeTableFieldsProps {
  control: Control<QuizFormValues, unknown, QuizInput>;
  register: UseFormRegister<QuizFormValues>;
  errors: FieldErrors<QuizFormValues>;
  locked: boolean;
}

function amountPaise(value: string | undefined = ""): number {
  const rupees = Number(value);
  return value.trim() !== "" && Number.isFinite(rupees) ? rupeesToPaise(rupees) : 0;
}

function rankCount(from: string, to: string): number {
  const [first, last] = [Number(from), Number(to)];
  return Number.isInteger(first) && Number.isInteger(last) && last >= first ? last - first + 1 : 0;
}

/**
 * The quiz's prize table: rank ranges, each paying cash per rank or a free pass to a later quiz.
 * The running total beside the prize money lets the admin see what the server will check: the
 * cash must add up exactly to the prize money. Once registration opens the table is read-only.
 */
export function PrizeTableFields({ control, register, errors, locked }: PrizeTableFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "prizes" });
  const [rows, prizeMoney] = useWatch({ control, name: ["prizes", "prizeMoney"] });
  const cash = rows.reduce((total, row) => total + (row.kind === "cash" ? amountPaise(row.amount) * rankCount(row.rankFrom, row.rankTo) : 0), 0);
  const tableError = errors.prizes?.message ?? errors.prizes?.root?.message;
  const lastRank = rows.reduce((last, row) => Math.max(last, Number(row.rankTo) || 0), 0);

  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2" aria-describedby="quiz-prizes-total">
      <legend className="mb-2 font-semibold text-slate-900">Prize table</legend>
      {locked && <p className="text-sm text-slate-700">{PRIZES_LOCKED_NOTE}</p>}
      {fields.length === 0 && <p className="text-sm text-slate-700">No prize tiers.</p>}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const row = rows[index];
          const rowErrors = errors.prizes?.[index];
          return (
            <li key={field.id} className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1.4fr_1.2fr_auto]">
              <Field id={`quiz-prize-${index}-from`} label={`Tier ${index + 1}: from rank`} type="number" min={1} step={1} disabled={locked} error={rowErrors?.rankFrom?.message} {...register(`prizes.${index}.rankFrom`)} />
              <Field id={`quiz-prize-${index}-to`} label={`Tier ${index + 1}: to rank`} type="number" min={1} step={1} disabled={locked} error={rowErrors?.rankTo?.message} {...register(`prizes.${index}.rankTo`)} />
              <div className="flex flex-col gap-1">
                <label htmlFor={`quiz-prize-${index}-kind`} className="text-sm font-medium text-slate-800">{`Tier ${index + 1}: prize`}</label>
                <select id={`quiz-prize-${index}-kind`} className={inputClass} disabled={locked} {...register(`prizes.${index}.kind`)}>
                  <option value="cash">Cash</option>
                  <option value="free_pass">Free pass to a later quiz</option>
                </select>
              </div>
              <Field
                id={`quiz-prize-${index}-amount`}
                label={`Tier ${index + 1}: cash per rank (₹)`}
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
                disabled={locked || row?.kind !== "cash"}
                error={rowErrors?.amount?.message}
                {...register(`prizes.${index}.amount`)}
              />
              {!locked && (
                <button type="button" className={smallButtonClass} onClick={() => remove(index)} aria-label={`Remove tier ${index + 1}`}>
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {!locked && (
        <div>
          <button
            type="button"
            className={smallButtonClass}
            onClick={() => append({ rankFrom: String(lastRank + 1), rankTo: String(lastRank + 1), kind: "cash", amount: "" })}
          >
            Add prize tier
          </button>
        </div>
      )}
      <p id="quiz-prizes-total" className="text-sm text-slate-700">
        Cash prizes add up to {formatRupeesWithSymbol(cash)}; the prize money is {formatRupeesWithSymbol(amountPaise(prizeMoney))}.
      </p>
      {tableError && <p role="alert" className="text-sm text-red-700">{tableError}</p>}
    </fieldset>
  );
}
