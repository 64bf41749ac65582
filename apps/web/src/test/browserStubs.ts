/** The browser APIs antd expects but jsdom lacks; imported for its effect by component tests. */

/** Whether a media query of widths (antd's breakpoints) holds at the window's width (jsdom: 1024). */
function widthQueryMatches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  const width = window.innerWidth;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])) && !!(min || max);
}

if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: widthQueryMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as { ResizeObserver?: unknown }).ResizeObserver = ResizeObserverStub;
}

// The screen editor captures the pointer for a drag; jsdom has no pointer capture to take.
if (typeof window !== 'undefined') {
  const element: Partial<Pick<Element, 'setPointerCapture' | 'releasePointerCapture'>> = Element.prototype;
  element.setPointerCapture ??= () => undefined;
  element.releasePointerCapture ??= () => undefined;
}
