import { describe, expect, it } from 'vitest';
import { HAS_PERMISSION, menuTree, type MenuEntry } from '@hmi/contract';
import { menuPages } from './menuPages';
import { menuRoutes } from './menuRoutes';

const Page = () => null;
const entry = (key: string, path: string, children?: MenuEntry[]): MenuEntry => ({
  key,
  path,
  titleKey: `menu.${key}`,
  permission: HAS_PERMISSION,
  children,
});
const tree = [entry('home', '/home'), entry('area', '/area', [entry('leaf', '/area/leaf')])];

describe('menu routes', () => {
  it('takes paths and titles from the menu tree, the page by key, extra routes under their area', () => {
    const extra = { path: 'leaf/:id' };
    const [home, area] = menuRoutes(tree, { home: Page, leaf: Page }, { area: [extra] });
    expect(home).toMatchObject({ path: 'home', handle: { titleKey: 'menu.home' } });
    expect(area).toMatchObject({ path: 'area', handle: { titleKey: 'menu.area' } });
    expect(area?.children?.map((r) => (r.index ? 'index' : r.path))).toEqual(['index', 'leaf', 'leaf/:id']);
    expect(area?.children?.[1]).toMatchObject({ handle: { titleKey: 'menu.leaf' } });
  });

  it('refuses a menu entry without a page and a page outside the menu', () => {
    expect(() => menuRoutes(tree, { home: Page })).toThrow('menu entry leaf has no page');
    expect(() => menuRoutes(tree, { home: Page, leaf: Page, gone: Page })).toThrow('gone');
  });

  it("has a page for every entry of the contract's menu", () => {
    expect(() => menuRoutes(menuTree, menuPages)).not.toThrow();
  });
});
