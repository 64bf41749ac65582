/**
 * The SCADA input widget's value field: plain text checked as it is typed by the TAG's data type
 * (the contract's parseTypedValue, as the server checks it), with the reason under it. A number
 * field would read `2O` as 2 and drop `abc` for the old value, writing something nobody typed.
 */
import { useState } from 'react';
import { Input, Typography } from 'antd';

export function TypedValueField({
  initial,
  check,
  onText,
}: {
  initial: string;
  /** The reason the text is refused (translated), or null. */
  check(text: string): string | null;
  onText(text: string): void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Input
        autoFocus
        data-testid="scada-input-value"
        defaultValue={initial}
        status={error ? 'error' : undefined}
        aria-invalid={error !== null}
        onChange={(e) => {
          onText(e.target.value);
          setError(check(e.target.value));
        }}
      />
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="scada-input-error">
          {error}
        </Typography.Text>
      )}
    </>
  );
}
