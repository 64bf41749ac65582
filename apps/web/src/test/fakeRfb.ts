/**
 * Stands in for noVNC's RFB in jsdom component tests (jsdom has no canvas to draw on). It attaches
 * to the channel the way noVNC's Websock does, so the page's wiring is what the tests check: the
 * RFB bytes it receives, what it sends, its view-only and scaling flags, and the VNC password.
 */
import type { RfbChannel, RfbCredentials, RfbOptions } from '@novnc/novnc';

export default class FakeRfb extends EventTarget {
  static instances: FakeRfb[] = [];
  viewOnly = false;
  scaleViewport = false;
  clipViewport = false;
  resizeSession = false;
  focusOnClick = true;
  background = '';
  qualityLevel = 6;
  compressionLevel = 2;
  readonly received: Uint8Array[] = [];
  readonly credentials: RfbCredentials[] = [];

  constructor(
    readonly target: HTMLElement,
    readonly channel: RfbChannel,
    readonly options: RfbOptions = {},
  ) {
    super();
    // The properties noVNC's attach() insists on.
    const names = [...Object.keys(channel), ...Object.getOwnPropertyNames(Object.getPrototypeOf(channel))];
    for (const p of [
      'send',
      'close',
      'binaryType',
      'onerror',
      'onmessage',
      'onopen',
      'protocol',
      'readyState',
    ])
      if (!names.includes(p)) throw new Error(`Raw channel missing property: ${p}`);
    channel.binaryType = 'arraybuffer';
    channel.onmessage = (e) => this.received.push(new Uint8Array(e.data));
    FakeRfb.instances.push(this);
  }

  /** What noVNC would send the VNC server (e.g. a pointer event). */
  input(bytes: number[]): void {
    this.channel.send(new Uint8Array(bytes));
  }

  sendCredentials(credentials: RfbCredentials): void {
    this.credentials.push(credentials);
  }

  disconnect(): void {
    this.channel.close();
  }

  focus(): void {}
}
