/**
 * The comparison of 2 to 4 saved homes as a data table: a caption, one column header per home (linked to its
 * page) and one row header per fact. It scrolls sideways on a phone; the scroll area takes keyboard focus so it
 * can be scrolled without a pointer.
 */
import { Link } from 'react-router-dom';
import type { Comparison } from './compare';

export function CompareTable({ comparison }: { comparison: Comparison }) {
  return (
    <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className="compare-table">
        <caption id="compare-caption">Comparing {comparison.columns.length} saved homes</caption>
        <thead>
          <tr>
            <td />
            {comparison.columns.map((column) => (
              <th key={column.id} scope="col">
                <Link to={column.path}>{column.title}</Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, index) => (
                <td key={comparison.columns[index]!.id}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
