import type { Locator, Page } from 'playwright-core';

/**
 * Opens the antd Select / TreeSelect of `trigger` (the select or its input) and picks the option
 * titled `title` in that select's own popup once the popup has finished opening, then waits until
 * the select shows it. Popups of selects opened before stay in the page (fading out, then hidden)
 * with the same options, so an option found by its title alone may be one of theirs; and while a
 * popup opens it is laid out at full size but transparent, then collapses and grows: a click
 * aimed at it in that moment lands beside the option and picks nothing.
 */
export async function choose(page: Page, trigger: Locator, title: string) {
  const root = trigger.locator(
    'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  await trigger.click();
  const combobox = root.locator('[role="combobox"][aria-expanded="true"]');
  await combobox.waitFor();
  const settled = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])',
  );
  const tree = (await root.getAttribute('class'))?.split(' ').includes('ant-tree-select');
  // A Select's combobox names its list, which sits in its popup; a TreeSelect's tree has no such id.
  const popup = tree
    ? settled.and(page.locator('.ant-tree-select-dropdown'))
    : settled.filter({ has: page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`) });
  await popup
    .locator(
      `.ant-select-item-option[title="${title}"], .ant-select-tree-node-content-wrapper[title="${title}"]`,
    )
    .click();
  await root.locator(`[title="${title}"]`).first().waitFor();
}
