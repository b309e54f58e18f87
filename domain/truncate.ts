/** Cuts a card description at `max` characters with an ellipsis (SPEC §2 /communities). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Lengths count UTF-16 units: a cut after the first half of a pair (an emoji) would print "�". 0xD800-0xDBFF >> 10
  // is 54: such a unit is left out with its pair.
  return `${text.slice(0, text.charCodeAt(max - 1) >> 10 === 54 ? max - 1 : max)}...`;
}
