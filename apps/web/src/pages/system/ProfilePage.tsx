/** Personal centre (/system/profile): profile view and edit, password change, alarm mail, account removal. */
import { useState } from 'react';
import { Flex, Skeleton } from 'antd';
import { useSession } from '../../session/session';
import { AlarmSubscriptionCard } from '../../features/alarm/subscription/AlarmSubscriptionCard';
import { ChangePasswordCard } from '../../features/system/profile/ChangePasswordCard';
import { EditProfileModal } from '../../features/system/profile/EditProfileModal';
import { ProfileInfoCard } from '../../features/system/profile/ProfileInfoCard';
import { RemovalCard } from '../../features/system/profile/RemovalCard';
import { WebhooksCard } from '../../features/webhooks/WebhooksCard';

export function ProfilePage() {
  const { userInfo, reloadUserInfo, logout } = useSession();
  const [editing, setEditing] = useState(false);

  if (!userInfo) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <Flex vertical gap={16} data-testid="page-profile">
      <ProfileInfoCard userInfo={userInfo} onEdit={() => setEditing(true)} />
      <ChangePasswordCard />
      <AlarmSubscriptionCard />
      {userInfo.is_main ? <WebhooksCard /> : null}
      <RemovalCard userInfo={userInfo} onRemoved={() => void logout()} />
      <EditProfileModal
        open={editing}
        userInfo={userInfo}
        onClose={() => setEditing(false)}
        onSaved={() => void reloadUserInfo().catch(() => undefined)}
      />
    </Flex>
  );
}
