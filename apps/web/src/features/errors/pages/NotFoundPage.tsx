import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../../app/AntdProvider';
import { useNavigate } from 'react-router';

/** /404: where unknown paths end (docs/product/console.md#access-rules). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AntdProvider>
      <main className="adl-loading adl-loading-full">
        <Result
          status="404"
          title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{t('error.notFoundTitle')}</h1>}
          subTitle={t('error.notFound')}
          extra={
            <Button type="primary" onClick={() => void navigate('/')}>
              {t('common.home')}
            </Button>
          }
        />
      </main>
    </AntdProvider>
  );
}
