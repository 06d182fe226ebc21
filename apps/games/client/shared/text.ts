/**
 * Writes `text` into `element` only when it differs from what is shown: a write of the same words
 * still replaces the text node, and the browser lays the page out again for it. For texts written
 * every frame or every round (a multiplier, a button's label, the balance).
 */
export function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** Enables or disables a control only when that changes it (see `setText`). */
export function setDisabled(control: HTMLButtonElement | HTMLInputElement, disabled: boolean): void {
  if (control.disabled !== disabled) control.disabled = disabled;
}
