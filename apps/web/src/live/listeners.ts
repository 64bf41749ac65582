/** A set of listeners: `add` returns the function that removes the listener again. */
export function listeners<A extends unknown[]>() {
  const set = new Set<(...args: A) => void>();
  return {
    add(fn: (...args: A) => void) {
      set.add(fn);
      return () => void set.delete(fn);
    },
    emit: (...args: A) => [...set].forEach((fn) => fn(...args)),
  };
}
