import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addMonths, clamp, format, isSameDay, startOfDay, startOfMonth } from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import { isSelectable, latestDay, longDate, parseIsoDate } from '../../lib/pickableDays';
import { dayForKey, monthWeeks, WEEKDAYS } from './monthGrid';

interface CalendarProps {
  /** The chosen day as "yyyy-MM-dd", or "". */
  value: string;
  onChange: (iso: string) => void;
  today: Date;
  /** Id of the element that names the calendar ("Datum"). */
  labelledBy: string;
  /** Ids that describe the days (the error message). */
  describedBy?: string;
}

/**
 * A Dutch month calendar, weeks from Monday (spec section 9), as an accessible date grid
 * (WAI-ARIA date picker grid): one day is in the Tab order; the arrow keys move by day and week,
 * Home/End to the start/end of the week, PageUp/PageDown by month (with Shift by year), Enter or
 * Space picks the day. Days before today and more than a year ahead cannot be picked.
 */
export function Calendar({ value, onChange, today, labelledBy, describedBy }: CalendarProps) {
  const min = startOfDay(today);
  const max = latestDay(today);
  const selected = parseIsoDate(value);
  const [focused, setFocused] = useState<Date>(() => clamp(selected ?? min, { start: min, end: max }));
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const headingId = useId();

  // Before paint: arrow keys pressed in quick succession must each start from the moved focus.
  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const go = (next: Date, focus = true) => {
    moveFocus.current = focus;
    setFocused(clamp(startOfDay(next), { start: min, end: max }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const next = dayForKey(event.key, day, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    go(next);
  };

  const pick = (day: Date) => {
    if (!isSelectable(day, today)) return;
    setFocused(day);
    onChange(format(day, 'yyyy-MM-dd'));
  };

  const month = startOfMonth(focused);
  const canGoBack = month > min;
  const canGoForward = addMonths(month, 1) <= max;

  return (
    <div className="calendar">
      <div className="calendar-head">
        <button
          type="button"
          className="calendar-nav"
          onClick={() => canGoBack && go(addMonths(focused, -1), false)}
          aria-disabled={canGoBack ? undefined : true}
        >
          <span aria-hidden="true">‹</span> Vorige maand
        </button>
        <h3 id={headingId} className="calendar-month" aria-live="polite">
          {format(month, 'LLLL yyyy', { locale: nl })}
        </h3>
        <button
          type="button"
          className="calendar-nav"
          onClick={() => canGoForward && go(addMonths(focused, 1), false)}
          aria-disabled={canGoForward ? undefined : true}
        >
          Volgende maand <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} role="grid" className="calendar-grid" aria-labelledby={`${labelledBy} ${headingId}`}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, full]) => (
              <th key={short} scope="col" abbr={full}>
                <span aria-hidden="true">{short}</span>
                <span className="visually-hidden">{full}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month.getFullYear(), month.getMonth()).map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => {
                if (day === null) return <td key={d} className="calendar-empty" />;
                const isSelected = selected !== null && isSameDay(day, selected);
                const selectable = isSelectable(day, today);
                const isToday = isSameDay(day, min);
                return (
                  <td key={d} aria-selected={isSelected}>
                    <button
                      type="button"
                      className="calendar-day"
                      tabIndex={isSameDay(day, focused) ? 0 : -1}
                      aria-label={`${longDate(day)}${isToday ? ', vandaag' : ''}`}
                      aria-disabled={selectable ? undefined : true}
                      aria-current={isToday ? 'date' : undefined}
                      aria-describedby={describedBy}
                      data-date={format(day, 'yyyy-MM-dd')}
                      onClick={() => pick(day)}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      onFocus={() => {
                        if (selectable && !isSameDay(day, focused)) setFocused(day);
                      }}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
