import { startTransition, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { lazyWithAntd } from '../lazyWithAntd';
import { useSession } from '../session';
import styles from './ConsoleLayout.module.css';

// antd's dropdown is not part of the shell's first paint (docs/decisions/dashboard-first-load.md).
const UserMenuDropdown = lazyWithAntd(() =>
  import('./UserMenuDropdown').then((m) => m.UserMenuDropdown),
);

/** How the person first reached the trigger: a tap opens the menu once it has loaded. */
type Reach = 'none' | 'pointer' | 'focus' | 'tap';

/**
 * Nickname and avatar opening Home, Change password and Sign out (docs/product/console.md#shell):
 * a plain button until the person points at, focuses or taps it, then antd's dropdown.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [reach, setReach] = useState<Reach>('none');
  if (!user) return null;

  // In a transition: the plain button stays (and takes a tap) until the dropdown has loaded.
  const reachBy = (how: Reach) => () => {
    if (reach === 'none' || (how === 'tap' && reach !== 'tap')) {
      startTransition(() => setReach(how));
    }
  };
  const trigger = (loaded: boolean) => (
    <button
      type="button"
      className={styles.userTrigger}
      data-testid="user-menu"
      aria-haspopup="menu"
      title={t('layout.accountMenu')}
      // The dropdown's own button takes the focus the plain one had.
      autoFocus={loaded && (reach === 'focus' || reach === 'tap')}
      {...(loaded
        ? {}
        : {
            onPointerEnter: reachBy('pointer'),
            onFocus: reachBy('focus'),
            onClick: reachBy('tap'),
          })}
    >
      <UserAvatar src={user.avatar} size={28} />
      <span className={styles.nickname}>{user.nickname || user.username}</span>
    </button>
  );

  return (
    <Suspense fallback={trigger(false)}>
      {reach === 'none' ? (
        trigger(false)
      ) : (
        <UserMenuDropdown initiallyOpen={reach === 'tap'}>{trigger(true)}</UserMenuDropdown>
      )}
    </Suspense>
  );
}
