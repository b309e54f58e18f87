/**
 * A public page's start is split into tasks (issue 14, web/src/entry-client.tsx): React DOM's client is set up in
 * a task of its own (web/src/app/react-dom-client.ts), not in the task that evaluates the entry's module, so an
 * input on a slow phone waits behind less of the start.
 *
 * React DOM's packages announce their set-up to the React DevTools hook (`checkDCE`) as they are evaluated: the
 * small `react-dom` package the router imports, with the entry's module, and `react-dom/client`. A stand-in hook
 * records, for each announcement, which task it came in (a task's microtasks run when it ends, so a number cleared by
 * a microtask tells the tasks apart).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_READY_ATTRIBUTE } from '../../web/src/utils/app-ready-event';
import { describeProblems, launchBrowser, newPage, open } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Before any page script: a DevTools hook that is disabled for React (it injects nothing) but hears checkDCE. */
function recordReactDomSetUps(): void {
  const tasks: number[] = [];
  let lastTask = 0;
  let currentTask = 0;
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      isDisabled: true,
      checkDCE() {
        if (currentTask === 0) {
          currentTask = ++lastTask;
          queueMicrotask(() => {
            currentTask = 0;
          });
        }
        tasks.push(currentTask);
      },
    },
    __reactDomSetUpTasks: tasks,
  });
}

describe("a public page's start", () => {
  it("sets React DOM's client up in a task after the one that evaluates the entry", async () => {
    const { page, context, problems, close } = await newPage(browser, { phone: true });
    try {
      await context.addInitScript(recordReactDomSetUps);
      await open(page, '/communities');
      const tasks = await page.evaluate(
        () => (window as unknown as { __reactDomSetUpTasks: number[] }).__reactDomSetUpTasks,
      );
      // Two packages announced: `react-dom` with the entry's module, then `react-dom/client`, in another task.
      expect(tasks).toHaveLength(2);
      expect(tasks[1], `React DOM's client was set up in the entry's task (tasks ${tasks.join(', ')})`).not.toBe(
        tasks[0],
      );
      // And the app still started on the server's HTML, without a hydration warning or an error.
      expect(await page.locator(`html[${APP_READY_ATTRIBUTE}]`).count()).toBe(1);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await close();
    }
  });
});
