import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../../app/AntdProvider';
import { useLocation, useNavigate } from 'react-router';

function noGoBack(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'noGoBack' in state && Boolean(state.noGoBack)
  );
}

/** /401: access denied. Reached with the no-go-back flag, it offers only Home (docs/product/console.md#access-rules). */
export function DeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  return (
    <AntdProvider>
      <main className="adl-loading adl-loading-full">
        <Result
          status="403"
          title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{t('error.deniedTitle')}</h1>}
          subTitle={t('error.denied')}
          extra={
            <Space>
              {!noGoBack(state) && (
                <Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>
              )}
              <Button type="primary" onClick={() => void navigate('/')}>
                {t('common.home')}
              </Button>
            </Space>
          }
        />
      </main>
    </AntdProvider>
  );
}
