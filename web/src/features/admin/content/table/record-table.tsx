/**
 * The table of the admin content pages on wide screens: a checkbox per row and one to select the whole page,
 * sortable column headers (a button each, the sorted one with aria-sort), the record's name linking to its editor,
 * Edit and Delete per row (named "Edit {name}" / "Delete {name}", as the cards' icons are), the pending chip of a
 * change queued on this device, and only the current page's rows.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { PendingChip } from '../form-alert';
import type { TableState } from './use-table-state';
import './record-table.css';

export interface TableColumn<T> {
  /** Also the sort key (TableConfig.sorts) when the column sorts. */
  key: string;
  label: string;
  sortable?: boolean;
  /** Right-aligned figures (price, counts). */
  numeric?: boolean;
  render: (row: T) => ReactNode;
}

/** What the table reads of the page's useRecordList. */
export interface TableListState {
  deletingId: string | undefined;
  revealId: string | undefined;
  pendingIds: readonly string[];
}

export interface RecordTableProps<T extends { id: string }> {
  /** The table's accessible name ('Communities', 'Listings', 'Properties'). */
  label: string;
  table: TableState<T>;
  /** The columns after the name column. */
  columns: readonly TableColumn<T>[];
  /** The name column: header text and sort key. */
  nameColumn: { key: string; label: string };
  nameOf: (row: T) => string;
  /** The record's own address (its editor), for a name that opens in a new tab or can be copied. */
  hrefOf: (row: T) => string;
  list: TableListState;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

const updatedFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The last column of every content table: when the record last changed (sort key `updated`, see byUpdated). */
export function updatedColumn<T extends { updatedAt?: string | undefined }>(): TableColumn<T> {
  return {
    key: 'updated',
    label: 'Updated',
    sortable: true,
    render: (record) => <UpdatedCell at={record.updatedAt} />,
  };
}

/** The `updated` sort of every content table (ISO times sort as text). */
export const byUpdated = (record: { updatedAt?: string | undefined }) => record.updatedAt ?? '';

/** An "Updated" cell: the date, with the full time on hover. */
export function UpdatedCell({ at }: { at: string | undefined }) {
  const date = at ? new Date(at) : undefined;
  if (!date || Number.isNaN(date.getTime())) return <>—</>;
  return (
    <time dateTime={at} title={date.toLocaleString('en-US')}>
      {updatedFormat.format(date)}
    </time>
  );
}

function SortHeader({ column, table }: { column: { key: string; label: string }; table: TableState<{ id: string }> }) {
  const direction = table.sort?.key === column.key ? table.sort.direction : undefined;
  return (
    <th scope="col" aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="record-table__sort" onClick={() => table.sortBy(column.key)}>
        {column.label}
        <span className="record-table__sort-mark" aria-hidden="true" data-direction={direction ?? 'none'} />
      </button>
    </th>
  );
}

function PageCheckbox({ table, label }: { table: TableState<{ id: string }>; label: string }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = table.pageSelection === 'some';
  }, [table.pageSelection]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={`Select all ${label.toLowerCase()} on this page`}
      checked={table.pageSelection === 'all'}
      disabled={table.pageRows.length === 0}
      onChange={table.toggleAllOnPage}
    />
  );
}

export function RecordTable<T extends { id: string }>({
  label,
  table,
  columns,
  nameColumn,
  nameOf,
  hrefOf,
  list,
  onEdit,
  onDelete,
}: RecordTableProps<T>) {
  const anyTable = table as unknown as TableState<{ id: string }>;
  return (
    <div className="record-table__frame">
      <table className="record-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="record-table__check">
              <PageCheckbox table={anyTable} label={label} />
            </th>
            <SortHeader column={nameColumn} table={anyTable} />
            {columns.map((column) =>
              column.sortable ? (
                <SortHeader key={column.key} column={column} table={anyTable} />
              ) : (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ),
            )}
            <th scope="col" className="record-table__actions-head">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {table.pageRows.map((row) => {
            const name = nameOf(row);
            const deleting = list.deletingId === row.id;
            return (
              <tr
                key={row.id}
                data-record-id={row.id}
                data-revealed={list.revealId === row.id || undefined}
                data-selected={table.selected.has(row.id) || undefined}
                aria-busy={deleting || undefined}
              >
                <td className="record-table__check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={table.selected.has(row.id)}
                    onChange={() => table.toggleRow(row.id)}
                  />
                </td>
                <th scope="row" className="record-table__name">
                  <a
                    href={hrefOf(row)}
                    className="record-table__open"
                    onClick={(event) => {
                      // A plain click opens the editor the page's way (it may ask about unsaved changes first);
                      // a modified click (new tab, new window) follows the link.
                      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                        return;
                      event.preventDefault();
                      onEdit(row);
                    }}
                  >
                    {name}
                  </a>
                  {list.pendingIds.includes(row.id) && <PendingChip />}
                </th>
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'record-table__numeric' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
                <td className="record-table__actions">
                  <button type="button" className="button button--ghost button--small" onClick={() => onEdit(row)}>
                    Edit<span className="visually-hidden"> {name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    disabled={deleting}
                    onClick={() => onDelete(row)}
                  >
                    Delete<span className="visually-hidden"> {name}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
