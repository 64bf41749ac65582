import { useCallback } from 'react';
import { App } from 'antd';
import { useBusy } from './useBusy';

/**
 * The save of an add or edit dialog: the OK button spins while `call` runs; on success the text is
 * toasted and `done` gets the saved object (the dialog tells its page and closes); a failure goes to
 * `onError`, by default its translated toast, and leaves the dialog open for a correction.
 */
export function useDialogSave() {
  const { message } = App.useApp();
  const { busy, run } = useBusy<'save'>();
  const save = useCallback(
    <T>(
      call: () => Promise<T>,
      successText: string,
      done: (saved: T) => void,
      onError?: (error: unknown) => void,
    ) =>
      run(
        'save',
        async () => {
          const saved = await call();
          void message.success(successText);
          done(saved);
        },
        onError,
      ),
    [run, message],
  );
  return { saving: busy === 'save', save };
}
