import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_READY_EVENT } from '../../web/src/utils/app-ready-event';
import { buildStarter, deferEntryTags, START_AT_THE_LATEST_MS, starterFileName } from './defer-app-start';

/** The starter exactly as the build ships it (web/src/app/start/start-app.ts, bundled and minified). */
let starterSource = '';
beforeAll(async () => {
  starterSource = await buildStarter();
}, 30_000);

const BUILT_HTML = `<head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/react-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>`;

describe('deferEntryTags', () => {
  it('replaces the entry script and its preloads with the starter, and keeps the stylesheet', () => {
    const html = deferEntryTags(BUILT_HTML, '/assets/start-app-X.js');
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(html).toContain(
      '<script defer src="/assets/start-app-X.js" data-entry="/assets/index-A1.js" ' +
        'data-preload="/assets/runtime-B2.js /assets/react-C3.js"></script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
  });

  it('fails the build when Vite no longer writes the entry tag it expects', () => {
    expect(() => deferEntryTags('<head></head>', '/assets/start-app-X.js')).toThrow(/no <script type="module"/);
  });

  it('names the starter after its content', () => {
    expect(starterFileName(starterSource)).toMatch(/^assets\/start-app-[\w-]{8}\.js$/);
    expect(starterFileName('other')).not.toBe(starterFileName(starterSource));
  });

  it('ships the typed source as one small classic script (no module syntax, the ready event name inlined)', () => {
    expect(starterSource).not.toMatch(/^\s*(import|export)\b/m);
    expect(starterSource).toContain(APP_READY_EVENT);
    // Every public page loads it first: it must stay tiny (measured 1.0 KB).
    expect(starterSource.length).toBeLessThan(1600);
  });
});

type Listener = (event?: unknown) => void;

/** A stand-in for an element of the page: what closest() finds for it, whether it is in #root, and its clicks. */
interface FakeElement {
  control: FakeElement | null;
  insideRoot: boolean;
  isConnected: boolean;
  clicks: number;
  closest: (selector: string) => FakeElement | null;
  click: () => void;
}

function fakeElement(kind: 'button' | 'link', insideRoot = true): FakeElement {
  const element: FakeElement = {
    control: null,
    insideRoot,
    isConnected: true,
    clicks: 0,
    closest: () => element.control,
    click: () => void element.clicks++,
  };
  element.control = kind === 'button' ? element : null;
  return element;
}

/** A click event as the starter sees it, recording whether it was held back. */
function clickOn(target: FakeElement) {
  return {
    target,
    prevented: false,
    stopped: false,
    preventDefault() {
      this.prevented = true;
    },
    stopPropagation() {
      this.stopped = true;
    },
  };
}

/** Runs the starter against a minimal document: what it appends, and when. */
function runStarter(options: { rootHasContent: boolean; readyState: string }) {
  const appended: { tag: string; attributes: Record<string, string> }[] = [];
  const listeners: Record<string, Listener> = {};
  const documentListeners: Record<string, Listener> = {};
  const timers: { ms: number; run: () => void; ran: boolean }[] = [];
  const frames: (() => void)[] = [];
  const element = (tag: string) => {
    const attributes: Record<string, string> = {};
    return { tag, attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
  };
  class HTMLScriptElement {}
  const currentScript = Object.assign(Object.create(HTMLScriptElement.prototype) as object, {
    getAttribute: (name: string) =>
      ({ 'data-entry': '/assets/index-A1.js', 'data-preload': '/assets/runtime-B2.js /assets/react-C3.js' })[name] ??
      null,
  });
  const root = {
    firstElementChild: options.rootHasContent ? {} : null,
    contains: (candidate: FakeElement) => candidate.insideRoot,
  };
  const document = {
    currentScript,
    readyState: options.readyState,
    getElementById: () => root,
    createElement: element,
    addEventListener: (type: string, listener: Listener) => (documentListeners[type] = listener),
    head: {
      appendChild: ({ tag, attributes }: ReturnType<typeof element>) => appended.push({ tag, attributes }),
    },
  };
  const window = {
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    setTimeout: (callback: () => void, ms: number) => {
      const timer = {
        ms,
        ran: false,
        run: () => {
          timer.ran = true;
          callback();
        },
      };
      timers.push(timer);
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
  };
  runInNewContext(starterSource, { document, window, HTMLScriptElement });
  const click = (target: FakeElement) => {
    const event = clickOn(target);
    documentListeners.click!(event);
    return event;
  };
  const announceReady = () => documentListeners[APP_READY_EVENT]!();
  /** Runs the 0 ms tasks due, in order, and those they queue, as the event loop would; returns how many ran. */
  const runDueTasks = () => {
    let ran = 0;
    for (let next = timers.find((t) => t.ms === 0 && !t.ran); next; next = timers.find((t) => t.ms === 0 && !t.ran)) {
      next.run();
      ran += 1;
    }
    return ran;
  };
  return { appended, listeners, timers, frames, click, announceReady, runDueTasks };
}

describe('the starter', () => {
  it('on a server-rendered page waits for the load event and the next paint, then starts the entry once', () => {
    const { appended, listeners, timers, frames, runDueTasks } = runStarter({
      rootHasContent: true,
      readyState: 'interactive',
    });
    expect(appended).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([START_AT_THE_LATEST_MS]);
    listeners.load!();
    expect(appended, 'nothing before the frame after the load event').toEqual([]);
    frames.shift()!();
    expect(timers.map((timer) => timer.ms)).toEqual([START_AT_THE_LATEST_MS]);
    frames.shift()!();
    expect(timers.map((timer) => timer.ms)).toEqual([START_AT_THE_LATEST_MS, 0]);
    timers[1]!.run();
    timers[0]!.run();
    expect(appended, 'the elements come in tasks of their own').toEqual([]);
    expect(runDueTasks(), 'one task per preload and one for the entry, however often start is called').toBe(3);
    expect(appended).toEqual([
      { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/runtime-B2.js' } },
      { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/react-C3.js' } },
      { tag: 'script', attributes: { type: 'module', crossorigin: '', src: '/assets/index-A1.js' } },
    ]);
  });

  it('starts by the timer when the load event is slow', () => {
    const { appended, timers, runDueTasks } = runStarter({ rootHasContent: true, readyState: 'interactive' });
    timers[0]!.run();
    runDueTasks();
    expect(appended.at(-1)).toMatchObject({ tag: 'script', attributes: { src: '/assets/index-A1.js' } });
  });

  it('starts at once on an empty shell (admin, kiosk, offline)', () => {
    const { appended, timers, frames, runDueTasks } = runStarter({ rootHasContent: false, readyState: 'interactive' });
    expect(
      timers.map((timer) => timer.ms),
      'no wait: only the tasks that add the elements',
    ).toEqual([0, 0, 0]);
    expect(frames).toEqual([]);
    runDueTasks();
    expect(appended.map((child) => child.tag)).toEqual(['link', 'link', 'script']);
  });

  it('on a page already loaded starts after the next paint', () => {
    const { appended, frames, runDueTasks } = runStarter({ rootHasContent: true, readyState: 'complete' });
    expect(appended).toEqual([]);
    frames.shift()!();
    frames.shift()!();
    runDueTasks();
    expect(appended.map((child) => child.tag)).toEqual(['link', 'link', 'script']);
  });

  it('starts at once on the first pointer (touch included) or key press', () => {
    for (const type of ['pointerdown', 'keydown']) {
      const { appended, listeners, runDueTasks } = runStarter({ rootHasContent: true, readyState: 'interactive' });
      listeners[type]!();
      runDueTasks();
      expect(
        appended.map((child) => child.tag),
        type,
      ).toEqual(['link', 'link', 'script']);
    }
  });

  it('holds a button click made before the app is ready and replays the last one on it when the app is ready', () => {
    const { appended, click, announceReady, runDueTasks } = runStarter({
      rootHasContent: true,
      readyState: 'interactive',
    });
    const first = fakeElement('button');
    const second = fakeElement('button');
    const firstClick = click(first);
    expect(firstClick).toMatchObject({ prevented: true, stopped: true });
    runDueTasks();
    expect(
      appended.map((child) => child.tag),
      'a held click starts the app',
    ).toEqual(['link', 'link', 'script']);
    click(second);
    expect(first.clicks + second.clicks, 'nothing replayed before the app is ready').toBe(0);
    announceReady();
    expect(second.clicks).toBe(1);
    expect(first.clicks, 'only the last held click is replayed').toBe(0);

    const afterReady = click(second);
    expect(afterReady, 'once ready, clicks go straight to the app').toMatchObject({ prevented: false, stopped: false });
  });

  it('leaves links, clicks outside the app and removed buttons alone', () => {
    const { click, announceReady } = runStarter({ rootHasContent: true, readyState: 'interactive' });
    expect(click(fakeElement('link'))).toMatchObject({ prevented: false, stopped: false });
    expect(click(fakeElement('button', false))).toMatchObject({ prevented: false, stopped: false });
    const removed = fakeElement('button');
    click(removed);
    removed.isConnected = false;
    announceReady();
    expect(removed.clicks, 'a button the app replaced is not clicked').toBe(0);
  });
});
