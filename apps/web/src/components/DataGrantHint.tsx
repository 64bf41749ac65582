/**
 * What a sub-account is told beside an empty list of devices or of their data (alarms, dashboard):
 * it sees only the device groups the main account granted it, which is done apart from its role, so
 * an empty list usually means no grant yet rather than no devices.
 */
import type { CSSProperties } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session';

export function DataGrantHint({ empty, style }: { empty: boolean; style?: CSSProperties }) {
  const { t } = useTranslation('device');
  const { userInfo } = useSession();
  if (!empty || !userInfo || userInfo.is_main) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('dataGrantHint.title')}
      description={t('dataGrantHint.text')}
      style={style ?? { marginBottom: 16 }}
      data-testid="data-grant-hint"
    />
  );
}

/** Whether a list query has no filter set (paging aside): only then does empty mean "nothing granted". */
export function unfiltered(query: object): boolean {
  return Object.entries(query).every(
    ([key, value]) => key === 'page' || key === 'pageSize' || value === undefined,
  );
}
