import { screen, within } from '@testing-library/react';

/**
 * The button whose text matches, found by its text and then its closest button — not getByRole('button', { name }),
 * which computes the accessible name of every element on the page: on a page with a table and an open select that one
 * query took up to two minutes of jsdom time on a loaded machine (consulting.test, CI run 17).
 */
export function buttonByText(text: string | RegExp, container?: HTMLElement): HTMLElement {
  const el = (container ? within(container) : screen).getByText(text);
  const button = el.closest('button');
  if (!button) throw new Error(`no button holds the text ${String(text)}`);
  return button;
}
