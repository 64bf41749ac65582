/**
 * Turning a device's traffic switch on or off (id 21), asked first with the month rule: on locks it on
 * for the rest of the month; off lasts until the month ends. A refusal shows its translated text.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { setTrafficSwitch } from '../../api/billing';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { nextMonthStart } from './text';

export function useTrafficSwitch(): (
  device: { id: number; name: string },
  on: boolean,
  after: () => unknown,
) => void {
  const { t } = useTranslation('billing');
  const confirm = useConfirmAction();
  return useCallback(
    (device, on, after) =>
      confirm({
        title: t(on ? 'switch.confirmOnTitle' : 'switch.confirmOffTitle', { name: device.name }),
        content: t(on ? 'switch.confirmOn' : 'switch.confirmOff', { date: nextMonthStart() }),
        danger: !on,
        call: () => setTrafficSwitch(device.id, on, { handleError: true }),
        doneText: t(on ? 'switch.doneOn' : 'switch.doneOff'),
        after,
      }),
    [confirm, t],
  );
}
