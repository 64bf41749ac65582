/** The foot of the login and register forms: the submit button, then a line leading to the other form. */
import type { ReactNode } from 'react';
import { Button, Flex, Form, Typography, theme } from 'antd';
import { Link } from 'react-router';

interface Props {
  submit: ReactNode;
  submitting: boolean;
  /** The question before the link ("No account yet?"). */
  question: ReactNode;
  link: ReactNode;
  to: string;
}

export function SubmitAndSwitch({ submit, submitting, question, link, to }: Props) {
  const { token } = theme.useToken();
  return (
    <>
      <Form.Item style={{ marginBottom: token.marginMD }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {submit}
        </Button>
      </Form.Item>
      <Flex justify="center" gap={token.marginXXS}>
        <Typography.Text type="secondary">{question}</Typography.Text>
        <Link to={to}>{link}</Link>
      </Flex>
    </>
  );
}
