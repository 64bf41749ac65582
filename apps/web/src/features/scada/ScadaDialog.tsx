/**
 * A screen opened as a dialog over the one being watched (FUXA's dialog and card views): live like
 * the screen under it, closed with its close button or Escape to come back. A link inside it to
 * another dialog replaces it; a link to a full screen closes it and goes there.
 */
import { useEffect, useState } from 'react';
import { Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Screen } from '@hmi/contract';
import { getScreen } from '../../api/screens';
import { ScadaView, type ScadaLive } from './ScadaView';

export interface ScadaDialogProps {
  screenId: number;
  /** The device a template screen is shown for. */
  deviceId: number | null;
  live: ScadaLive;
  canWrite: boolean;
  onClose(): void;
  onGoto(screenId: number, dialog: boolean): void;
}

export function ScadaDialog({ screenId, deviceId, live, canWrite, onClose, onGoto }: ScadaDialogProps) {
  const { t } = useTranslation('scada');
  const [loaded, setLoaded] = useState<{ id: number; screen: Screen | null } | null>(null);
  useEffect(() => {
    let alive = true;
    getScreen(screenId, deviceId ?? undefined, { handleError: true }).then(
      (screen) => alive && setLoaded({ id: screenId, screen }),
      () => alive && setLoaded({ id: screenId, screen: null }),
    );
    return () => {
      alive = false;
    };
  }, [screenId, deviceId]);
  const current = loaded?.id === screenId ? loaded : null;
  const doc = current?.screen?.document;
  return (
    <Modal
      open
      centered
      destroyOnHidden
      footer={null}
      title={current?.screen?.name ?? t('dialog.loading')}
      onCancel={onClose}
      closable={{ 'aria-label': t('dialog.close') }}
      width={doc ? `min(90vw, ${doc.width + 48}px)` : 360}
      data-testid="scada-dialog"
    >
      {!current && <Spin />}
      {current && !current.screen && <Result status="warning" title={t('failed')} />}
      {current?.screen && doc && (
        <div
          className="scada-dialog-body"
          style={{ aspectRatio: `${doc.width} / ${doc.height}` }}
          data-testid="scada-dialog-body"
        >
          <ScadaView
            key={current.screen.id}
            screen={current.screen}
            deviceId={deviceId}
            live={live}
            canWrite={canWrite}
            onGoto={onGoto}
          />
        </div>
      )}
    </Modal>
  );
}
