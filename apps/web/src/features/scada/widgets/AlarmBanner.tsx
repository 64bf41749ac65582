/**
 * The active (unacknowledged) alarms of the screen's devices, newest first. Alarms follow values, so
 * the list is read again when a value of one of its devices changes, at most every few seconds:
 * a screen whose values stand still asks for nothing.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlarmRecordState, type AlarmRecord } from '@hmi/contract';
import { listAlarms } from '../../../api/alarms';
import { useScada } from '../context';
import type { WidgetOf } from '../format';

const RELOAD_MIN_MS = 5000;
const SHOWN = 5;

export function AlarmBannerWidget({ w }: { w: WidgetOf<'alarm_banner'> }) {
  const { t } = useTranslation('scada');
  const { devices, onDeviceValues } = useScada();
  const ids = useMemo(
    () => (w.props.device_ids.length ? w.props.device_ids : devices),
    [w.props.device_ids, devices],
  );
  const [alarms, setAlarms] = useState<AlarmRecord[] | null>(null);

  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let live = true;
    const load = async () => {
      last = Date.now();
      const lists = await Promise.all(
        ids.map((device_id) =>
          listAlarms(
            { page: 1, pageSize: SHOWN, state: AlarmRecordState.ALARM, device_id },
            { handleError: true },
          )
            .then((r) => r.list)
            .catch(() => []),
        ),
      );
      if (live) setAlarms(lists.flat().sort((a, b) => b.alarm_at - a.alarm_at));
    };
    const reload = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          void load();
        },
        Math.max(0, last + RELOAD_MIN_MS - Date.now()),
      );
    };
    void load();
    const stops = ids.map((id) => onDeviceValues(id, reload));
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, [ids, onDeviceValues]);

  const active = alarms ?? [];
  return (
    <div
      className={`scada-alarms${active.length ? ' scada-alarms-active' : ''}`}
      data-testid={`scada-alarms-${w.id}`}
      style={{ fontSize: w.props.font_size }}
    >
      {alarms === null
        ? t('alarms.loading')
        : active.length === 0
          ? t('alarms.none')
          : active.slice(0, SHOWN).map((a) => (
              <div key={a.id} className="scada-alarm-line">
                <strong>{a.device_name}</strong> {a.content || a.rule_name}
              </div>
            ))}
    </div>
  );
}
