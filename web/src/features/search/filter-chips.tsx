/**
 * The filters in force as chips, each a button that takes its filter away ("Remove 4+ beds"). Focus stays in the
 * row: on the chip that took the removed one's place, or on the words field when none is left.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChipKey, FilterChip } from './query-filters';

interface FilterChipsProps {
  chips: FilterChip[];
  onRemove: (key: ChipKey) => void;
  /** Where focus goes when the last chip is removed. */
  fallbackFocus: RefObject<HTMLInputElement | null>;
}

export function FilterChips({ chips, onRemove, fallbackFocus }: FilterChipsProps) {
  const list = useRef<HTMLUListElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const count = chips.length;
  useEffect(() => {
    if (focusAt === null) return;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(focusAt, buttons.length - 1)] ?? fallbackFocus.current)?.focus();
    setFocusAt(null);
  }, [count, focusAt, fallbackFocus]);

  if (count === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Filters in use" ref={list}>
      {chips.map((chip, index) => (
        <li key={chip.key}>
          <button
            type="button"
            className="filter-chip"
            aria-label={`Remove ${chip.label}`}
            onClick={() => {
              setFocusAt(index);
              onRemove(chip.key);
            }}
          >
            {chip.label}
            <span aria-hidden="true" className="filter-chip__x">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
