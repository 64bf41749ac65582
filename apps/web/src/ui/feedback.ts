/**
 * Bridge from non-React code (the HTTP client) to the antd `App` message API, which only exists
 * inside the provider tree. The providers register the sink once mounted.
 */
export type ToastSink = (text: string, seconds: number) => void;

let sink: ToastSink | null = null;

export function setToastSink(next: ToastSink | null): void {
  sink = next;
}

export function showErrorToast(text: string, seconds: number): void {
  if (sink) sink(text, seconds);
  else console.warn(text);
}
