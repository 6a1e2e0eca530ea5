import { UserSwitchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import styles from './ConsoleLayout.module.css';

/** In a proxy window: who is being operated and who really signed in (docs/product/roles-and-access.md#proxy). */
export function ProxyBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.realUser) return null;
  return (
    <div className={styles.proxy} role="status" data-testid="proxy-banner">
      <UserSwitchOutlined aria-hidden="true" />
      <span>
        {t('layout.proxyBanner', {
          nickname: user.nickname || user.username,
          username: user.username,
          realUser: user.realUser.username,
        })}
      </span>
    </div>
  );
}
