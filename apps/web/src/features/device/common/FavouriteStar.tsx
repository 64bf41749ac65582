import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { setFavourite } from '../../../api/devices';

/** The favourite star of a device (list and detail); starred devices get a dashboard card. */
export function FavouriteStar({
  id,
  value,
  onChange,
}: {
  id: number;
  value: boolean;
  onChange?: (favourite: boolean) => void;
}) {
  const { t } = useTranslation('device');
  const [busy, setBusy] = useState(false);
  const label = t(value ? 'favourite.remove' : 'favourite.add');
  const toggle = async () => {
    setBusy(true);
    try {
      const result = await setFavourite(id, !value);
      onChange?.(result.favourite);
    } catch {
      // Translated toast from the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        loading={busy}
        aria-label={label}
        aria-pressed={value}
        data-testid={`favourite-${id}`}
        icon={value ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => void toggle()}
      />
    </Tooltip>
  );
}
