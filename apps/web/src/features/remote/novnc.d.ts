/**
 * The part of noVNC's RFB class (`@novnc/novnc` 1.7, plain ES module without types) the remote view
 * uses; see the package's docs/API.md.
 */
declare module '@novnc/novnc' {
  export interface RfbCredentials {
    username?: string;
    password?: string;
    target?: string;
  }

  export interface RfbOptions {
    /** ClientInit's shared flag: false asks the VNC server to drop its other viewers. */
    shared?: boolean;
    credentials?: RfbCredentials;
    wsProtocols?: string[];
  }

  export interface RfbEventMap {
    connect: CustomEvent<Record<string, never>>;
    disconnect: CustomEvent<{ clean: boolean }>;
    credentialsrequired: CustomEvent<{ types: string[] }>;
    securityfailure: CustomEvent<{ status: number; reason?: string }>;
    desktopname: CustomEvent<{ name: string }>;
  }

  /** What noVNC needs of a channel it is given instead of a URL (a WebSocket or alike). */
  export interface RfbChannel {
    binaryType: string;
    protocol: string;
    readonly readyState: number | string;
    onopen: ((e: Event) => void) | null;
    onmessage: ((e: MessageEvent<ArrayBuffer>) => void) | null;
    onclose: ((e: CloseEvent) => void) | null;
    onerror: ((e: Event) => void) | null;
    send(data: ArrayBufferLike | ArrayBufferView): void;
    close(): void;
  }

  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | RfbChannel, options?: RfbOptions);
    viewOnly: boolean;
    /** Scale the remote screen to the target element's size (keeping its aspect). */
    scaleViewport: boolean;
    clipViewport: boolean;
    resizeSession: boolean;
    focusOnClick: boolean;
    background: string;
    /** JPEG quality (0-9) and zlib level (0-9) asked of servers with Tight or alike. */
    qualityLevel: number;
    compressionLevel: number;
    disconnect(): void;
    sendCredentials(credentials: RfbCredentials): void;
    focus(): void;
    addEventListener<K extends keyof RfbEventMap>(
      type: K,
      listener: (e: RfbEventMap[K]) => void,
      options?: boolean | AddEventListenerOptions,
    ): void;
    addEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ): void;
    removeEventListener<K extends keyof RfbEventMap>(
      type: K,
      listener: (e: RfbEventMap[K]) => void,
      options?: boolean | EventListenerOptions,
    ): void;
    removeEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ): void;
  }
}
