/**
 * noVNC's RFB client as a React component, running over the relay channel. noVNC is loaded on first
 * use (its own chunk: nobody else pays for it). The RFB lives as long as its channel: it is closed by
 * the channel's owner, never by this component's unmount, so React's development double mount cannot
 * end a session. "Low bandwidth" asks the HMI's server for its most compressed encodings (noVNC's
 * quality and compression levels: Tight with strong JPEG where the server has it).
 */
import { useEffect, useRef, type CSSProperties, type RefObject } from 'react';
import type RFB from '@novnc/novnc';
import type { RemoteChannel } from './vncChannel';

export interface NoVncScreenProps {
  channel: RemoteChannel;
  viewOnly: boolean;
  /** Scale the HMI's screen to the element (true) or show it at its own size with scroll bars. */
  fit: boolean;
  lowBandwidth: boolean;
  /** Set to the RFB client once it exists (for the VNC password). */
  rfbRef: RefObject<RFB | null>;
  onCredentialsRequired(): void;
  onSecurityFailure(reason: string): void;
  style?: CSSProperties;
}

export function NoVncScreen({
  channel,
  viewOnly,
  fit,
  lowBandwidth,
  rfbRef,
  onCredentialsRequired,
  onSecurityFailure,
  style,
}: NoVncScreenProps) {
  const target = useRef<HTMLDivElement>(null);
  const settings = useRef({ viewOnly, fit, lowBandwidth });
  const events = useRef({ onCredentialsRequired, onSecurityFailure });
  useEffect(() => {
    settings.current = { viewOnly, fit, lowBandwidth };
    events.current = { onCredentialsRequired, onSecurityFailure };
  });

  useEffect(() => {
    let alive = true;
    const credentials = () => events.current.onCredentialsRequired();
    const failure = (e: CustomEvent<{ reason?: string }>) =>
      events.current.onSecurityFailure(e.detail.reason ?? '');
    let rfb: RFB | null = null;
    void import('@novnc/novnc').then(({ default: Rfb }) => {
      const element = target.current;
      if (!alive || !element) return;
      // Shared: other users' view-only sessions of the same HMI stay connected.
      rfb = new Rfb(element, channel, { shared: true });
      rfb.viewOnly = settings.current.viewOnly;
      rfb.scaleViewport = settings.current.fit;
      rfb.background = '#262626';
      applyQuality(rfb, settings.current.lowBandwidth);
      countFrames(rfb, channel);
      rfb.addEventListener('credentialsrequired', credentials);
      rfb.addEventListener('securityfailure', failure);
      rfbRef.current = rfb;
    });
    return () => {
      alive = false;
      rfb?.removeEventListener('credentialsrequired', credentials);
      rfb?.removeEventListener('securityfailure', failure);
    };
  }, [channel, rfbRef]);

  useEffect(() => {
    if (rfbRef.current) rfbRef.current.viewOnly = viewOnly;
  }, [rfbRef, viewOnly]);
  useEffect(() => {
    if (rfbRef.current) rfbRef.current.scaleViewport = fit;
  }, [rfbRef, fit]);
  useEffect(() => {
    if (rfbRef.current) applyQuality(rfbRef.current, lowBandwidth);
  }, [rfbRef, lowBandwidth]);

  return <div ref={target} style={style} data-testid="remote-screen" data-view-only={viewOnly} />;
}

/** noVNC's defaults (quality 6, compression 2), or its strongest JPEG and zlib for a costly link. */
function applyQuality(rfb: RFB, low: boolean): void {
  rfb.qualityLevel = low ? 2 : 6;
  rfb.compressionLevel = low ? 9 : 2;
}

/**
 * Counts the screen updates noVNC draws: it raises no event per update, but ends each one with its
 * display's `flip()` (noVNC 1.7's internal `_display`; absent, nothing is counted). The display calls
 * `flip(true)` itself when it replays a flip it had queued: that one is the same update.
 */
function countFrames(rfb: RFB, channel: RemoteChannel): void {
  const display = (rfb as unknown as { _display?: { flip(fromQueue?: boolean): void } })._display;
  if (!display) return;
  const flip = display.flip.bind(display);
  display.flip = (fromQueue?: boolean) => {
    if (!fromQueue) channel.countFrame();
    flip(fromQueue);
  };
}
