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

/**
 * How the table meets a narrow screen or large text: `minWidth`, a Tailwind min-w-* class below
 * which a phone scrolls the table sideways rather than squeezing the columns (the scroll region
 * takes keyboard focus so it can be scrolled without a mouse); or `stacked`, for a table whose
 * every column must stay in reach: below 40rem of room (rem, so sooner with larger text) each
 * row becomes a card of values under their column's name, and nothing scrolls sideways.
 */
type NarrowLayout = { minWidth: string; stacked?: never } | { stacked: true; minWidth?: never };

export type PagedTableProps<Row> = PagedTableBaseProps<Row> & NarrowLayout;

interface PagedTableBaseProps<Row> {
  /** The table's name: read out as its caption and given to the region that scrolls it. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
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

/** The classes each part of the table takes: as a table, or stacking its rows as cards below 40rem of room. */
const TABLE_PARTS = {
  table: { table: "", stacked: "block @min-[40rem]:table" },
  head: { table: "", stacked: "hidden @min-[40rem]:table-header-group" },
  body: { table: "", stacked: "block @min-[40rem]:table-row-group" },
  row: { table: "", stacked: "block py-1 @min-[40rem]:table-row @min-[40rem]:py-0" },
  cell: { table: CELL, stacked: "block px-3 py-1 @min-[40rem]:table-cell @min-[40rem]:py-2" },
} as const;

function classes(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/** A server-safe table of one page of rows, with links to the other pages, so it works without JavaScript. */
export function PagedTable<Row>({ caption, columns, rows, rowKey, minWidth, stacked, rowClassName, rowId, rowDetail, empty, total = rows.length, pager }: PagedTableProps<Row>) {
  if (total === 0 && empty !== undefined) return <p className="text-slate-700">{empty}</p>;
  const layout = stacked ? "stacked" : "table";
  // A table whose rows are displayed as blocks may lose its table semantics in some browsers: stacked, its roles are said outright.
  const role = (name: string) => (stacked ? name : undefined);

  return (
    <div className={stacked ? "@container" : undefined}>
      <ScrollRegion label={caption}>
        <table role={role("table")} className={classes("w-full text-left text-sm", minWidth, TABLE_PARTS.table[layout])}>
          <caption className="sr-only">{caption}</caption>
          <thead role={role("rowgroup")} className={classes("bg-slate-50 text-slate-700", TABLE_PARTS.head[layout])}>
            <tr role={role("row")}>
              {columns.map((column, index) => (
                <th key={index} role={role("columnheader")} scope="col" className={classes(CELL, column.className)}>{column.header}</th>
              ))}
            </tr>
          </thead>
          <tbody role={role("rowgroup")} className={TABLE_PARTS.body[layout] || undefined}>
            {rows.map((row, index) => {
              const detail = rowDetail?.(row);
              return (
                <Fragment key={rowKey(row, index)}>
                  <tr
                    id={rowId?.(row)}
                    role={role("row")}
                    tabIndex={rowId ? -1 : undefined}
                    className={classes("border-t border-slate-100", TABLE_PARTS.row[layout], rowId && "focus:outline-2 focus:-outline-offset-2 focus:outline-brand", rowClassName)}
                  >
                    {columns.map((column, columnIndex) => {
                      const Cell = column.rowHeader ? "th" : "td";
                      return (
                        <Cell
                          key={columnIndex}
                          role={role(column.rowHeader ? "rowheader" : "cell")}
                          scope={column.rowHeader ? "row" : undefined}
                          className={classes(TABLE_PARTS.cell[layout], column.className, column.cellClassName)}
                        >
                          {/* Stacked, the value's own name goes with it; as a table, the column's header says it. */}
                          {stacked && <span className="block text-xs font-semibold text-slate-600 @min-[40rem]:hidden">{column.header}</span>}
                          {column.cell(row)}
                        </Cell>
                      );
                    })}
                  </tr>
                  {detail && (
                    <tr role={role("row")} className={TABLE_PARTS.row[layout] || undefined}>
                      <td role={role("cell")} colSpan={columns.length} className={classes(TABLE_PARTS.cell[layout], "bg-slate-50")}>{detail}</td>
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
          {/* In a stacked table's narrow card, never wider than the card. */}
          <span className={`inline-block truncate align-bottom ${halfWidth} @max-[40rem]:max-w-full`}>{half}</span>
        </Fragment>
      ))}
    </span>
  );
}
