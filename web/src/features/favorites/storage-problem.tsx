/**
 * Why a favourites action did not happen (the browser refused storage: private mode, full, blocked), said under
 * its button as an alert. Saving and removing favourites report it alike.
 */
export function StorageProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p className="field__error" role="alert">
      {problem}
    </p>
  );
}
