/**
 * noVNC's RFB client as a React component, running over the relay channel. noVNC is loaded on first
 * use (its own chunk: nobody else pays for it). The RFB lives as long as its channel: it is closed by
 * the channel's owner, never by this component's unmount, so React's development double mount cannot
 * end a session.
 */
import { useEffect, useRef, type CSSProperties, type RefObject } from 'react';
import type RFB from '@novnc/novnc';
import type { RemoteChannel } from './vncChannel';

export interface NoVncScreenProps {
  channel: RemoteChannel;
  viewOnly: boolean;
  /** Scale the HMI's screen to the element (true) or show it at its own size with scroll bars. */
  fit: boolean;
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
  rfbRef,
  onCredentialsRequired,
  onSecurityFailure,
  style,
}: NoVncScreenProps) {
  const target = useRef<HTMLDivElement>(null);
  const settings = useRef({ viewOnly, fit });
  const events = useRef({ onCredentialsRequired, onSecurityFailure });
  useEffect(() => {
    settings.current = { viewOnly, fit };
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

  return <div ref={target} style={style} data-testid="remote-screen" data-view-only={viewOnly} />;
}
