/**
 * Setup file of every e2e file (vitest.e2e.config.ts): a failed attempt of a test is written to the log at once.
 * A test gets one retry, and when the retry passes, the reporter shows only "retry x1": the first attempt's error
 * (Playwright's call log: what it waited for, and for how long) would be lost, and a flaky test could not be
 * diagnosed from a CI log.
 */
import { afterEach } from 'vitest';

/** The errors of a test logged already: a passing retry still carries the errors of the attempt before it. */
const loggedErrors = new WeakMap<object, Set<unknown>>();

afterEach(({ task }) => {
  const logged = loggedErrors.get(task) ?? new Set<unknown>();
  loggedErrors.set(task, logged);
  const fresh = (task.result?.errors ?? []).filter((error) => !logged.has(error));
  if (fresh.length === 0) return;
  for (const error of fresh) logged.add(error);
  const attempt = (task.result?.retryCount ?? 0) + 1;
  console.warn(
    `[e2e] attempt ${attempt} of "${task.name}" (${task.file?.name ?? 'unknown file'}) failed:\n` +
      fresh.map((error) => error.stack ?? error.message).join('\n---\n'),
  );
});
