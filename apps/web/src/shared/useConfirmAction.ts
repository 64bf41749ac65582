import { useCallback, type ReactNode } from 'react';
import { App } from 'antd';
import { useDialogs } from '../ui/dialogs';
import { useErrorToast } from './errors';

export interface ConfirmedAction {
  title: ReactNode;
  content: ReactNode;
  /** False for a step that destroys nothing (the OK button is not red). */
  danger?: boolean;
  call: () => Promise<unknown>;
  doneText: string;
  /** What follows a success (e.g. reloading the list); the dialog waits for it. */
  after?: () => unknown;
  /** By default the translated error toast; `toastedByClient` for calls made without `handleError`. */
  onError?: (error: unknown) => void;
}

/**
 * A delete (or other step) asked for first: OK runs the call, toasts the success and runs `after`;
 * the dialog closes either way, a failure with its toast.
 */
export function useConfirmAction(): (action: ConfirmedAction) => void {
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const fail = useErrorToast();
  return useCallback(
    ({ title, content, danger = true, call, doneText, after, onError = fail }: ConfirmedAction) => {
      dialogs.confirm({
        title,
        content,
        ...(danger && { okButtonProps: { danger: true } }),
        onOk: async () => {
          try {
            await call();
            void message.success(doneText);
            await after?.();
          } catch (error) {
            onError(error);
          }
        },
      });
    },
    [dialogs, message, fail],
  );
}
