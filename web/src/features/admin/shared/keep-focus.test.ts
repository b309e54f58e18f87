/** The two halves of keeping the keyboard's focus: a soft-disabled button ignores presses; focus moves on only from the pressed button or <body>. */
import type { MouseEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { focusLeftWith, softDisabled } from './keep-focus';

const click = () => {
  const event = { preventDefault: vi.fn() };
  return { event, asReact: event as unknown as MouseEvent<HTMLButtonElement> };
};

describe('softDisabled', () => {
  it('marks the button aria-disabled and ignores a press (no submission either) while off', () => {
    const onClick = vi.fn();
    const props = softDisabled(true, onClick);
    expect(props['aria-disabled']).toBe(true);
    const { event, asReact } = click();
    props.onClick(asReact);
    expect(onClick).not.toHaveBeenCalled();
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('passes the press on, with no aria-disabled attribute, while on', () => {
    const onClick = vi.fn();
    const props = softDisabled(false, onClick);
    expect(props['aria-disabled']).toBeUndefined();
    const { event, asReact } = click();
    props.onClick(asReact);
    expect(onClick).toHaveBeenCalledWith(asReact);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('lets a submit button without a handler submit while on', () => {
    const { event, asReact } = click();
    softDisabled(false).onClick(asReact);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});

describe('focusLeftWith', () => {
  const body = { tag: 'body' } as unknown as HTMLElement;
  const button = { tag: 'button' } as unknown as Element;
  const other = { tag: 'input' } as unknown as Element;
  const doc = (activeElement: Element | null) => ({ body, activeElement }) as unknown as Document;

  it('is true when the focus was dropped to <body> or nowhere', () => {
    expect(focusLeftWith(button, doc(body))).toBe(true);
    expect(focusLeftWith(undefined, doc(null))).toBe(true);
  });

  it('is true when the focus is still on the pressed button', () => {
    expect(focusLeftWith(button, doc(button))).toBe(true);
  });

  it('is false when the admin moved the focus elsewhere', () => {
    expect(focusLeftWith(button, doc(other))).toBe(false);
    expect(focusLeftWith(undefined, doc(other))).toBe(false);
  });
});
