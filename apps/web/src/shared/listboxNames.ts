/**
 * Names the option list of every antd Select after its field. rc-select gives the list it opens
 * (`role="listbox"`, id `<combobox id>_list`) no name and has no prop for one, so a screen reader
 * announces a nameless list and axe flags it; rather than a patch per select, one observer names
 * each list as it appears, the way its combobox is named: the same aria-labelledby or aria-label,
 * or the combobox's <label> (a Form.Item's).
 */

const LISTBOX = '[role="listbox"]';
const LIST_SUFFIX = '_list';

/** Names `list` after the combobox it belongs to; a list already named, or of no combobox, is left. */
export function nameListbox(list: Element): void {
  if (list.hasAttribute('aria-label') || list.hasAttribute('aria-labelledby')) return;
  if (!list.id.endsWith(LIST_SUFFIX)) return;
  const combobox = list.ownerDocument.getElementById(list.id.slice(0, -LIST_SUFFIX.length));
  if (!combobox) return;
  const labelledBy = combobox.getAttribute('aria-labelledby');
  const label = combobox.getAttribute('aria-label');
  if (labelledBy) list.setAttribute('aria-labelledby', labelledBy);
  else if (label) list.setAttribute('aria-label', label);
  else if (combobox instanceof HTMLInputElement && combobox.labels?.length) {
    const ids = [...combobox.labels].map((element, i) => {
      // Form.Item's <label for> has no id; aria-labelledby needs one.
      if (!element.id) element.id = `${combobox.id}_label${i ? `_${i}` : ''}`;
      return element.id;
    });
    list.setAttribute('aria-labelledby', ids.join(' '));
  }
}

function visit(node: Node): void {
  if (!(node instanceof Element)) return;
  if (node.matches(LISTBOX)) nameListbox(node);
  node.querySelectorAll(LISTBOX).forEach(nameListbox);
}

/** Names the lists in `doc` now and as they are added; returns the function that stops it. */
export function nameListboxes(doc: Document = document): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(visit);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  visit(doc.body);
  return () => observer.disconnect();
}
