import { Dropdown, type MenuProps } from 'antd';
import { HomeOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_MIN_COLUMN_WIDTH } from '@adloom/domain';
import { UserAvatar } from '../../components/UserAvatar';
import { useSession } from '../session';
import styles from './ConsoleLayout.module.css';

/** Nickname and avatar opening Home, Change password and Sign out (docs/product/console.md#shell). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, signOut } = useSession();
  if (!user) return null;

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined aria-hidden />, label: t('layout.home') },
    { key: 'password', icon: <LockOutlined aria-hidden />, label: t('layout.changePassword') },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined aria-hidden />, label: t('layout.signOut') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') void navigate('/dashboard');
    else if (key === 'password') void navigate('/user/password');
    else if (key === 'signOut') void signOut();
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick }}
      styles={{ root: { minWidth: DROPDOWN_MIN_COLUMN_WIDTH } }}
    >
      <button
        type="button"
        className={styles.userTrigger}
        data-testid="user-menu"
        aria-haspopup="menu"
        title={t('layout.accountMenu')}
      >
        <UserAvatar src={user.avatar} size={28} />
        <span className={styles.nickname}>{user.nickname || user.username}</span>
      </button>
    </Dropdown>
  );
}
