import { Fragment, type ReactNode } from "react";
import { Pager, type PagerProps } from "./Pager";
import { ScrollRegion } from "./ScrollRegion";

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
  /**
   * The row's element id. The row can then take focus from script (tabIndex -1), so focus has a
   * place to return to when the control that had it goes away with a change to the row.
   */
  rowId?: (row: Row) => string;
  /** A full-width row under the row, such as its details when expanded; nothing when null. */
  rowDetail?: (row: Row) => ReactNode;
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
export function PagedTable<Row>({ caption, columns, rows, rowKey, minWidth, rowClassName, rowId, rowDetail, empty, total = rows.length, pager }: PagedTableProps<Row>) {
  if (total === 0 && empty !== undefined) return <p className="text-slate-700">{empty}</p>;

  return (
    <div>
      <ScrollRegion label={caption}>
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
            {rows.map((row, index) => {
              const detail = rowDetail?.(row);
              return (
                <Fragment key={rowKey(row, index)}>
                  <tr
                    id={rowId?.(row)}
                    tabIndex={rowId ? -1 : undefined}
                    className={classes("border-t border-slate-100", rowId && "focus:outline-2 focus:-outline-offset-2 focus:outline-brand", rowClassName)}
                  >
                    {columns.map((column, columnIndex) => {
                      const Cell = column.rowHeader ? "th" : "td";
                      return (
                        <Cell key={columnIndex} scope={column.rowHeader ? "row" : undefined} className={classes(CELL, column.className, column.cellClassName)}>
                          {column.cell(row)}
                        </Cell>
                      );
                    })}
                  </tr>
                  {detail && (
                    <tr>
                      <td colSpan={columns.length} className={classes(CELL, "bg-slate-50")}>{detail}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      {pager && <Pager {...pager} className="mt-3" />}
    </div>
  );
}

/** A person in a cell: the name, and under it the email. */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      <Email email={email} className="block text-slate-600" />
    </>
  );
}

/**
 * An email that wraps only before its @, never inside a word, so a long address cannot widen its
 * column; a half longer than `halfWidth` is cut short with an ellipsis, the whole in its title.
 */
export function Email({ email, className, halfWidth = "max-w-[14rem]" }: { email: string; className?: string; halfWidth?: string }) {
  const at = email.lastIndexOf("@");
  const halves = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return (
    <span title={email} className={className}>
      {halves.map((half, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className={`inline-block truncate align-bottom ${halfWidth}`}>{half}</span>
        </Fragment>
      ))}
    </span>
  );
}
