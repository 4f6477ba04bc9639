const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/**
 * Called by an item's remove button just before the item goes: the focus would go with it, to the page's
 * start. Once the item is gone it moves to the same button of the next item, else of the previous one, else
 * to the first control beside the list (its search box or add button).
 */
export function focusAfterRemove(button: HTMLElement) {
  const item = button.closest("li");
  const list = item?.parentElement;
  if (!item || !list) return;
  const kind = button.classList[0];
  const same = (li: Element | null) => (li ? (kind ? li.querySelector<HTMLElement>(`button.${CSS.escape(kind)}`) : li.querySelector<HTMLElement>("button")) : null);
  const beside = () => Array.from(list.parentElement?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).find((el) => !list.contains(el)) ?? null;
  const target = same(item.nextElementSibling) ?? same(item.previousElementSibling);
  requestAnimationFrame(() => (target?.isConnected ? target : beside())?.focus());
}
