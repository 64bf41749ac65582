/** /scada: the public configuration view; a full page outside the shell. */
import { Layout } from 'antd';
import { EmptyStatePage } from '../../components/EmptyStatePage';

export function ScadaPage() {
  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }}>
      <EmptyStatePage titleKey="menu.scada" testId="page-scada" />
    </Layout>
  );
}
