/** A labelled search input for the content lists (the label is visually hidden; the placeholder says what it matches). */
import type { ReactNode } from 'react';
import { Icon } from '@/components/icon';
import { SEARCH } from './icons';

/** A content list's search box: its id, its (hidden) label and the placeholder saying what it matches. */
export interface SearchTexts {
  id: string;
  label: string;
  placeholder: string;
}

interface SearchBoxProps extends SearchTexts {
  value: string;
  onChange: (value: string) => void;
}

/** The row under a content page's title: the search box, then the page's own counts or filter tabs. */
export function ContentToolbar({
  search,
  query,
  onQuery,
  children,
}: {
  search: SearchTexts;
  query: string;
  onQuery: (query: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="content-toolbar">
      <SearchBox {...search} value={query} onChange={onQuery} />
      {children}
    </div>
  );
}

function SearchBox({ id, label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <div className="content-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon svg={SEARCH} size={18} />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Case-insensitive "contains" over some text fields; an empty query matches everything. */
export function matchesSearch(query: string, ...fields: (string | undefined | null)[]): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => (field ?? '').toLowerCase().includes(needle));
}
