/**
 * The user menu's antd dropdown: Home, Change password and Sign out
 * (docs/product/console.md#shell). Loaded by `UserMenu` when the person first points at,
 * focuses or taps its trigger.
 */
import { useState, type ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { HomeOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_MIN_COLUMN_WIDTH } from '@adloom/domain';
import { useSession } from '../session';

export function UserMenuDropdown({
  initiallyOpen,
  children,
}: {
  /** The trigger was tapped before the dropdown had loaded: open at once. */
  initiallyOpen: boolean;
  /** The trigger button. */
  children: ReactElement;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [open, setOpen] = useState(initiallyOpen);

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined aria-hidden />, label: t('layout.home') },
    { key: 'password', icon: <LockOutlined aria-hidden />, label: t('layout.changePassword') },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined aria-hidden />, label: t('layout.signOut') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'home') void navigate('/dashboard');
    else if (key === 'password') void navigate('/user/password');
    else if (key === 'signOut') void signOut();
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      menu={{ items, onClick }}
      styles={{ root: { minWidth: DROPDOWN_MIN_COLUMN_WIDTH } }}
    >
      {children}
    </Dropdown>
  );
}
