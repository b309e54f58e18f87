/** Cuts a card description at `max` characters with an ellipsis (SPEC §2 /communities). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
