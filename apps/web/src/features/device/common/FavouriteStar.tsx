import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { setFavourite } from '@hmi/contract';
import { useCallMutation } from '../../../api/callQuery';
import { DEVICES_CHANGED } from './changes';

/**
 * The favourite star of a device (list and detail); starred devices get a dashboard card, so the
 * list, the detail and the dashboard reload after a toggle.
 */
export function FavouriteStar({ id, value }: { id: number; value: boolean }) {
  const { t } = useTranslation('device');
  const toggler = useCallMutation(setFavourite, { invalidates: DEVICES_CHANGED });
  const label = t(value ? 'favourite.remove' : 'favourite.add');
  const toggle = async () => {
    try {
      await toggler.mutateAsync({ params: { id }, body: { favourite: !value } });
    } catch {
      // Translated toast from the client.
    }
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        loading={toggler.isPending}
        aria-label={label}
        aria-pressed={value}
        data-testid={`favourite-${id}`}
        icon={value ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => void toggle()}
      />
    </Tooltip>
  );
}
