/** The first focusable element of every page: jumps keyboard users past the top bar to #main. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}
