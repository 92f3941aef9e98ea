import { useHotkeys } from '@mantine/hooks';
import { RefObject } from 'react';

/** Rendered inside a dialog: while it is open, Esc closes it wherever the focus is. */
export function CloseOnEscape({ onClose }: { onClose: () => void }) {
  useHotkeys([['Escape', onClose]], []);
  return null;
}

/**
 * Ctrl+S (Cmd+S on a Mac) presses the form's submit button, also while typing in a field, instead of the
 * browser saving the page. Nothing happens when the form offers no submit button (the user may not write).
 */
export function useSaveShortcut(form: RefObject<HTMLFormElement | null>): void {
  useHotkeys([['mod+S', () => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click()]], []);
}

/** `/` moves the focus to the page's search field, unless the user is typing somewhere (the default ignored tags). */
export function useSearchShortcut(): void {
  useHotkeys([['/', () => document.querySelector<HTMLInputElement>('main input[type="search"]')?.focus()]]);
}
