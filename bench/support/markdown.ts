/**
 * Markdown tables for the bench reports (bench/results/*.md and the tables printed at the end of a run).
 */

/** A pipe table: the header row, the `---` row, then one row per entry of `body`. */
export function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of body) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}
