import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { READABLE, themeOf } from './theme';

const appTheme = themeOf(false);

/** WCAG 2.2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('the theme meets WCAG AA text contrast', () => {
  const token = theme.getDesignToken(appTheme);

  it('white text on the primary blue (buttons, selected menu) and links on white reach 4.5:1', () => {
    expect(contrast('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorLink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('grey descriptions and placeholders, danger, success and warning text reach 4.5:1 on white and on grey', () => {
    for (const background of ['#ffffff', '#f5f5f5']) {
      expect(contrast(token.colorTextDescription, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token.colorTextPlaceholder, background)).toBeGreaterThanOrEqual(4.5);
    }
    for (const text of [token.colorError, token.colorSuccessText, token.colorWarningText, READABLE.success])
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('description labels (the dashboard’s device cards) reach 4.5:1 on white', () => {
    expect(contrast(appTheme.components?.Descriptions?.labelColor ?? '', '#ffffff')).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('coloured tags: each preset’s text on its own light background reaches 4.5:1', () => {
    const tag = { ...token, ...appTheme.components?.Tag } as unknown as Record<string, string>;
    const presets = ['blue', 'cyan', 'gold', 'orange', 'red', 'green', 'volcano', 'lime', 'yellow'];
    for (const preset of presets)
      expect(contrast(tag[`${preset}7`] ?? '', tag[`${preset}1`] ?? ''), preset).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tag.colorSuccess ?? '', token.colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tag.colorWarning ?? '', token.colorWarningBg)).toBeGreaterThanOrEqual(4.5);
  });

  it('antd’s default blue would not', () => {
    expect(contrast('#ffffff', '#1677ff')).toBeLessThan(4.5);
  });
});

describe('motion', () => {
  it('is off for a user whose system asks for reduced motion, on otherwise', () => {
    expect(theme.getDesignToken(themeOf(true)).motion).toBe(false);
    expect(theme.getDesignToken(themeOf(false)).motion).toBe(true);
  });
});
