/**
 * Inline SVG icons (24×24, stroked, Feather-style). Each icon is a constant of SVG child markup kept
 * next to its users (the top bar's and the map pin most pages show here, the rest in the page modules), so a chunk
 * carries only the icons it shows. Icons are decorative: the control around them carries the accessible name.
 */
export function Icon({ svg, size = 20 }: { svg: string; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

export const SEARCH = '<circle cx="11" cy="11" r="8"/><path d="m21 21-4.35-4.35"/>';
export const HOME = '<path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"/>';
export const MAP_PIN = '<path d="M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z"/><circle cx="12" cy="10" r="3"/>';
