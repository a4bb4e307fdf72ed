import type { ReactNode } from "react";
import { Pager, type PagerProps } from "./Pager";

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** For the header and the body cells alike, such as text-right on an amount. */
  className?: string;
  /** For the body cells only, such as whitespace-nowrap on a date. */
  cellClassName?: string;
  /** The column names its row (th scope="row"), as a participant's name does. */
  rowHeader?: boolean;
}

export interface PagedTableProps<Row> {
  /** The table's name: read out as its caption and given to the region that scrolls it. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  /**
   * A Tailwind min-w-* class. Below it a phone scrolls the table sideways rather than squeezing
   * the columns, and the scroll region takes keyboard focus so it can be scrolled without a mouse.
   */
  minWidth: string;
  /** For every body row, such as align-top where cells stack several lines. */
  rowClassName?: string;
  /** Shown instead of the table when the list has no rows at all; without it, the caller has said so. */
  empty?: ReactNode;
  /** Rows on every page together: a page past the end of a non-empty list still shows its table and pager. */
  total?: number;
  /** Without it there is no pager, as where the pager lives outside a client component's table. */
  pager?: Omit<PagerProps, "className">;
}

const CELL = "px-3 py-2";

function classes(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/** A server-safe table of one page of rows, with links to the other pages, so it works without JavaScript. */
export function PagedTable<Row>({ caption, columns, rows, rowKey, minWidth, rowClassName, empty, total = rows.length, pager }: PagedTableProps<Row>) {
  if (total === 0 && empty !== undefined) return <p className="text-slate-700">{empty}</p>;

  return (
    <div>
      <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className={`w-full ${minWidth} text-left text-sm`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" className={classes(CELL, column.className)}>{column.header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)} className={classes("border-t border-slate-100", rowClassName)}>
                {columns.map((column, columnIndex) => {
                  const Cell = column.rowHeader ? "th" : "td";
                  return (
                    <Cell key={columnIndex} scope={column.rowHeader ? "row" : undefined} className={classes(CELL, column.className, column.cellClassName)}>
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager && <Pager {...pager} className="mt-3" />}
    </div>
  );
}

/** A person in a cell: the name, and under it the email, broken anywhere so a long address cannot widen the column. */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className="block break-all text-slate-600">{email}</span>
    </>
  );
}
