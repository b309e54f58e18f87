/** A labelled search input for the content lists (the label is visually hidden; the placeholder says what it matches). */
import { Icon } from '@/components/icon';
import { SEARCH } from './icons';

interface SearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchBox({ id, label, placeholder, value, onChange }: SearchBoxProps) {
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
