/**
 * antd's message, notification and modal hook APIs with their holders (~18 KB compressed, with the
 * Dialog and Skeleton the modal brings): loaded by `./feedback.tsx` when first needed.
 */
import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { ui } from '@hmi/contract';

const messageConfig = { maxCount: ui.maxErrorToasts, duration: ui.messageToastSeconds };
const notificationConfig = { duration: ui.notificationSeconds };

// Static calls (outside React) get the same limits as the hook-based ones.
message.config(messageConfig);
notification.config(notificationConfig);

export function FeedbackHolders({ onReady }: { onReady: (apis: useAppProps) => void }) {
  const [messageApi, messageHolder] = message.useMessage(messageConfig);
  const [notificationApi, notificationHolder] = notification.useNotification(notificationConfig);
  const [modalApi, modalHolder] = Modal.useModal();
  // The holders below are mounted by now: calls made from here on reach them.
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
