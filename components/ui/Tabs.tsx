"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface Tab {
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys and Home/End move between tabs. The panels are no tab
 * stop of their own: on the dashboard each card may cost only a few, and a screen reader reads
 * the open panel right after the tabs.
 */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number) {
    setSelected(index);
    tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    select(targets[event.key]);
  }

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(node) => {
              tabRefs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
              index === selected ? "border-brand text-brand" : "border-transparent text-slate-700 hover:text-slate-900"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== selected}
          className="pt-3 text-sm text-slate-700"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
