import { describe, expect, it } from 'vitest';
import { keepReadingPosition, type SizeChange } from './keep-reading-position';

const GAP = 20;

/**
 * A grid of cards laid out in rows (each row as high as its highest card, GAP between rows), from the top of the
 * page, each standing in with `standIn` px, and a window `windowHeight` px high at its top. `grow` changes cards'
 * heights (the browser rendering them); `layout` delivers what a ResizeObserver would after that layout (the cards
 * whose height changed); `visitorScrollsTo` moves the window and fires its scroll event; `scrolled` records each
 * scroll the module asks for.
 */
function gridPage(rows: string[][], standIn: number, windowHeight = 800) {
  let windowTop = 0;
  /** Content the page itself adds above the grid (a notice, a list the app fills in). */
  let above = 0;
  const order = rows.flat();
  const nameOf = (element: Element) => (element as unknown as { name: string }).name;
  let clock = 0;
  const heights = new Map(rows.flat().map((name) => [name, standIn]));
  const rowHeight = (row: string[]) => Math.max(...row.map((name) => heights.get(name)!));
  const rowTop = (index: number) => above + rows.slice(0, index).reduce((sum, row) => sum + rowHeight(row) + GAP, 0);
  const box = (top: number, height: number) => ({ top, bottom: top + height, height }) as DOMRect;
  const cards = new Map(
    rows.flatMap((row, index) =>
      row.map((name) => [
        name,
        {
          name,
          isConnected: true,
          getBoundingClientRect: () => box(rowTop(index) - windowTop, heights.get(name)!),
          querySelectorAll: () => [],
        },
      ]),
    ),
  );
  const scrolled: number[] = [];
  const watched: string[] = [];
  const unwatched: string[] = [];
  let onScroll = () => {};
  let afterLayout: (changes: readonly SizeChange[]) => void = () => {};
  /** The heights the ResizeObserver last told. */
  const told = new Map<string, number>();
  let onAdditions = () => {};
  let standIns = [...cards.values()];
  let atTopEdge: { name: string } | undefined;
  keepReadingPosition({
    elementAtTopEdge: () => atTopEdge as unknown as Element,
    windowHeight: () => windowHeight,
    standIns: () => standIns as unknown as Element[],
    scrollY: () => windowTop,
    scrollBy: (pixels) => {
      scrolled.push(pixels);
      windowTop += pixels;
    },
    now: () => clock,
    standInHeight: () => standIn,
    startsBefore: (part, anchor) => order.indexOf(nameOf(part)) < order.indexOf(nameOf(anchor)),
    onScroll: (listener) => (onScroll = listener),
    watchSizes: (changed) => {
      afterLayout = changed;
      return {
        watch: (element) => watched.push((element as unknown as { name: string }).name),
        unwatch: (element) => unwatched.push((element as unknown as { name: string }).name),
      };
    },
    onAdditions: (added) => (onAdditions = added),
  });
  const layout = () => {
    const changes = [...cards.values()]
      .filter((card) => told.get(card.name) !== heights.get(card.name))
      .map((card) => ({ element: card as unknown as Element, height: heights.get(card.name)! }));
    for (const card of cards.values()) told.set(card.name, heights.get(card.name)!);
    afterLayout(changes);
  };
  // A ResizeObserver tells each element's size once it is watched.
  layout();
  return {
    scrolled,
    watched,
    unwatched,
    cards,
    /** Where card `name`'s top is from the window's top. */
    topOf: (name: string) => cards.get(name)!.getBoundingClientRect().top,
    grow: (names: string[], height: number) => names.forEach((name) => heights.set(name, height)),
    layout,
    /** The window moved by the visitor (or a link, or a restored position): its scroll event. */
    visitorScrollsTo: (y: number) => {
      windowTop = y;
      onScroll();
    },
    /** The scroll event of the module's own scroll, which the browser fires in the next frame. */
    ownScrollEvent: () => onScroll(),
    wait: (ms: number) => (clock += ms),
    pageAddsAbove: (pixels: number) => (above += pixels),
    setAtTopEdge: (element: { name: string } | undefined) => (atTopEdge = element),
    addCards: (names: string[]) => {
      standIns = [...standIns, ...names.map((name) => ({ name, isConnected: true }) as never)];
      onAdditions();
    },
    /** The app shows another page: these cards leave it. */
    removeCards: (names: string[]) => {
      for (const name of names) (cards.get(name) as { isConnected: boolean }).isConnected = false;
      standIns = standIns.filter((card) => !names.includes(card.name));
    },
  };
}

const ROWS = [
  ['a1', 'a2', 'a3'],
  ['b1', 'b2', 'b3'],
  ['c1', 'c2', 'c3'],
  ['d1', 'd2', 'd3'],
];

describe('keepReadingPosition (browsers without scroll anchoring)', () => {
  it('keeps the card a visitor jumped to where it was when the row above it renders, by the row, not its cards', () => {
    const page = gridPage(ROWS, 560);
    // A jump that puts row c 100 px down the window: row b is above it, out of sight.
    page.visitorScrollsTo(2 * (560 + GAP) - 100);
    expect(page.topOf('c1')).toBe(100);

    page.grow(['b1', 'b2', 'b3'], 598);
    page.layout();
    // The row grew 38 px (three cards of 38 each: one row).
    expect(page.scrolled).toEqual([38]);
    expect(page.topOf('c1')).toBe(100);
  });

  it("follows the cards that start in the window, not a row the window's top edge cuts and which grows at its foot", () => {
    const page = gridPage(ROWS, 560);
    // Row b's last 60 px show at the window's top; row c starts 80 px down.
    page.visitorScrollsTo(2 * (560 + GAP) - 80);
    expect(page.topOf('b1')).toBe(-500);

    page.grow(['b1', 'b2', 'b3'], 600);
    page.layout();
    expect(page.scrolled).toEqual([40]);
    expect(page.topOf('c1')).toBe(80);
  });

  it('scrolls nothing when what grew is below what the visitor reads', () => {
    const page = gridPage(ROWS, 560);
    page.visitorScrollsTo(560 + GAP);
    page.grow(['c1', 'd2'], 640);
    page.layout();
    expect(page.scrolled).toEqual([]);
    expect(page.topOf('b1')).toBe(0);
  });

  it('takes the anchor again after each scroll, so a change after the next jump is measured from there', () => {
    const page = gridPage(ROWS, 560);
    page.visitorScrollsTo(560 + GAP);
    page.grow(['a1'], 600);
    page.layout();
    expect(page.scrolled).toEqual([40]);
    page.ownScrollEvent();

    page.wait(1_000);
    page.visitorScrollsTo(3 * (560 + GAP) + 40 - 50);
    expect(page.topOf('d1')).toBe(50);
    page.grow(['c2'], 575);
    page.layout();
    expect(page.scrolled).toEqual([40, 15]);
    expect(page.topOf('d1')).toBe(50);
  });

  it('scrolls nothing while the visitor flings the page, and keeps the view in place again once they stop', () => {
    const page = gridPage(ROWS, 560);
    for (const y of [1_400, 1_300, 1_200]) {
      page.visitorScrollsTo(y);
      page.wait(16);
    }
    page.grow(['b1', 'b2', 'b3'], 598);
    page.layout();
    // A scroll from code would stop the fling on an iPhone; the page moves 38 px more instead.
    expect(page.scrolled).toEqual([]);

    page.wait(500);
    const top = page.topOf('d1');
    page.grow(['c1'], 620);
    page.layout();
    expect(page.scrolled).toEqual([60]);
    expect(page.topOf('d1')).toBe(top);
  });

  it('scrolls nothing for a part that changes on screen for another reason (a message shown in it)', () => {
    const page = gridPage(ROWS, 560);
    page.visitorScrollsTo(2 * (560 + GAP) - 100);
    page.grow(['b1', 'b2', 'b3'], 598);
    page.layout();
    expect(page.scrolled).toEqual([38]);
    page.ownScrollEvent();

    // Row b, rendered now, grows again: not a stand-in replaced.
    page.grow(['b2'], 640);
    page.layout();
    expect(page.scrolled).toEqual([38]);
  });

  it("scrolls nothing for the page's own change when a stand-in below what the visitor reads is replaced in the same layout", () => {
    const page = gridPage(ROWS, 560);
    page.visitorScrollsTo(560 + GAP);
    // The app fills in a list above the grid, and the browser renders a card further down, in one layout.
    page.pageAddsAbove(232);
    page.grow(['c1'], 600);
    page.layout();
    expect(page.scrolled).toEqual([]);
  });

  it("does not take its own scrolls for the visitor's: three in a row are no fling", () => {
    const page = gridPage(ROWS, 400);
    page.visitorScrollsTo(3 * (400 + GAP) - 10);
    for (const [row, height] of [
      [['a1'], 450],
      [['b1'], 450],
      [['c1'], 450],
    ] as const) {
      page.grow([...row], height);
      page.layout();
      page.ownScrollEvent();
      page.wait(16);
    }
    expect(page.scrolled).toEqual([50, 50, 50]);
    expect(page.topOf('d1')).toBe(10);
  });

  it('follows no anchor that has left the page (the app showed another page)', () => {
    const page = gridPage(ROWS, 560);
    page.visitorScrollsTo(2 * (560 + GAP) - 100);
    (page.cards.get('c1') as { isConnected: boolean }).isConnected = false;
    page.grow(['b1'], 700);
    page.layout();
    expect(page.scrolled).toEqual([]);
  });

  it('with no part starting in the window (a tall one fills it), keeps the element at its top edge in place', () => {
    const page = gridPage(ROWS, 560, 300);
    page.setAtTopEdge(page.cards.get('c2'));
    // Row c started 100 px above the window; row d starts 480 px down, below its foot.
    page.visitorScrollsTo(2 * (560 + GAP) + 100);
    page.grow(['a3'], 590);
    page.layout();
    expect(page.scrolled).toEqual([30]);
    expect(page.topOf('c2')).toBe(-100);
  });

  it('takes no part below the window for the anchor: a card growing at the foot of the one on screen scrolls nothing', () => {
    const page = gridPage(ROWS, 560, 300);
    page.setAtTopEdge(page.cards.get('c2'));
    page.visitorScrollsTo(2 * (560 + GAP) + 100);
    // Row c, on screen, grows below the window's foot: row d, further down, moves; what the visitor reads does not.
    page.grow(['c1'], 600);
    page.layout();
    expect(page.scrolled).toEqual([]);
    expect(page.topOf('c2')).toBe(-100);
  });

  it('watches every part rendered when near, and those a page adds later, once each', () => {
    const page = gridPage([['a1', 'a2']], 560);
    expect(page.watched).toEqual(['a1', 'a2']);
    page.addCards(['b1']);
    expect(page.watched).toEqual(['a1', 'a2', 'b1']);
  });

  it('stops watching the parts of a page the app has left, when it adds the next one', () => {
    const page = gridPage([['a1', 'a2']], 560);
    page.removeCards(['a1', 'a2']);
    page.addCards(['n1']);
    expect(page.unwatched).toEqual(['a1', 'a2']);
    expect(page.watched).toEqual(['a1', 'a2', 'n1']);
  });
});
