import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { EditOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { toMillis, type UserInfo } from '@hmi/contract';
import { DataCenterFlag } from '../../../components/DataCenterPicker';

export interface ProfileInfoCardProps {
  userInfo: UserInfo;
  onEdit: () => void;
}

/** The signed-in user's profile, read-only, with an edit button. */
export function ProfileInfoCard({ userInfo, onEdit }: ProfileInfoCardProps) {
  const { t } = useTranslation('profile');
  const notSet = <Typography.Text type="secondary">{t('info.notSet')}</Typography.Text>;
  const text = (value: string | null | undefined) => (value ? value : notSet);
  const dataCenter = t(`auth:dataCenter.${userInfo.data_center}`);
  return (
    <Card
      title={t('info.title')}
      extra={
        <Button icon={<EditOutlined />} onClick={onEdit} data-testid="profile-edit">
          {t('info.edit')}
        </Button>
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} data-testid="profile-info">
        <Descriptions.Item label={t('info.account')}>{userInfo.account}</Descriptions.Item>
        <Descriptions.Item label={t('info.name')}>{text(userInfo.name)}</Descriptions.Item>
        <Descriptions.Item label={t('info.alias_name')}>{text(userInfo.alias_name)}</Descriptions.Item>
        <Descriptions.Item label={t('info.contact')}>{text(userInfo.contact)}</Descriptions.Item>
        <Descriptions.Item label={t('info.phone')}>{text(userInfo.phone)}</Descriptions.Item>
        <Descriptions.Item label={t('info.email')}>{text(userInfo.email)}</Descriptions.Item>
        <Descriptions.Item label={t('info.data_center')}>
          <Flex align="center" gap={8}>
            <DataCenterFlag id={userInfo.data_center} label={dataCenter} />
            {dataCenter}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('info.team')}>{text(userInfo.team_name)}</Descriptions.Item>
        <Descriptions.Item label={t('info.role')}>
          {userInfo.is_main ? (
            <Tag color="blue">{t('info.mainAccount')}</Tag>
          ) : (
            <Tag>{userInfo.member_ext.role_name || t('info.subAccount')}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('info.created_at')}>
          {userInfo.created_at ? dayjs(toMillis(userInfo.created_at)).format('YYYY-MM-DD HH:mm') : notSet}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
