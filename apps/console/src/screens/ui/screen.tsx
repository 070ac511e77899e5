import { clsx } from "clsx";
import type * as React from "react";

// The building blocks of the console's screens: the screen's heading with its intro, and the
// cards each part of a screen sits in (a section with its own heading, so screen readers can
// jump between them).

export function ScreenHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string | undefined;
  children?: React.ReactNode;
}): React.JSX.Element {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="break-words">{title}</h1>
      {intro ? <p className="max-w-prose text-gray-700">{intro}</p> : null}
      {children}
    </div>
  );
}

/**
 * A card; its `id` is its anchor and its heading names it. A part of a screen is a section (a
 * landmark screen readers jump to); one of a list of like things (a staff member) an article,
 * whose names need not differ.
 */
export function Card({
  id,
  title,
  level = 2,
  as: Element = "section",
  children,
  className,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  as?: "section" | "article";
  children: React.ReactNode;
  className?: string;
}): React.JSX.Element {
  const Heading = level === 2 ? "h2" : "h3";
  const headingId = `${id}-title`;
  return (
    <Element
      id={id}
      aria-labelledby={headingId}
      className={clsx(
        "flex scroll-mt-4 flex-col gap-4 rounded-control border border-gray-200 bg-surface p-4 mobile:p-6",
        className,
      )}
    >
      <Heading id={headingId} className={level === 2 ? "text-h3" : "text-h4"}>
        {title}
      </Heading>
      {children}
    </Element>
  );
}

/** Term and value pairs (a profile's fields). */
export function Facts({
  items,
}: {
  items: readonly { term: string; value: React.ReactNode }[];
}): React.JSX.Element {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 mobile:grid-cols-[max-content_1fr]">
      {items.map((item) => (
        <div key={item.term} className="contents">
          <dt className="font-medium text-gray-700">{item.term}</dt>
          <dd className="mb-2 break-words mobile:mb-0">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A badge: a short status word, in words and colour. */
export function Badge({
  tone,
  children,
}: {
  tone: "neutral" | "success" | "danger" | "info";
  children: React.ReactNode;
}): React.JSX.Element {
  const tones = {
    neutral: "border-gray-500 bg-gray-50 text-gray-800",
    success: "border-success bg-success-light text-success",
    danger: "border-danger bg-danger-light text-danger",
    info: "border-info bg-info-light text-info",
  } as const;
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/**
 * A table that reads as cards on a phone: below 480px each row is a block with the column names
 * beside the values (repeated per cell, hidden from screen readers, which read the headers).
 */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly React.ReactNode[] }[];
}): React.JSX.Element {
  return (
    <table className="w-full border-collapse text-left text-sm max-mobile:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-mobile:sr-only">
        <tr>
          {columns.map((column) => (
            <th
              key={column}
              scope="col"
              className="border-b border-gray-300 px-2 py-2 font-semibold"
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-mobile:flex max-mobile:flex-col max-mobile:gap-3">
        {rows.map((row) => (
          <tr
            key={row.key}
            className="border-b border-gray-200 align-top max-mobile:flex max-mobile:flex-col max-mobile:gap-1 max-mobile:rounded-control max-mobile:border max-mobile:p-3"
          >
            {row.cells.map((cell, index) => (
              <td key={columns[index]} className="px-2 py-2 break-words max-mobile:p-0">
                <span
                  aria-hidden="true"
                  className="hidden font-medium text-gray-700 max-mobile:block"
                >
                  {columns[index]}
                </span>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
