import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor, type ConsoleRoute } from '@adloom/domain';
import { useSession } from '../session';
import { MENU_ICONS } from './menuIcons';
import { groupOf, selectedMenuKey } from './navigation';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(routes: readonly ConsoleRoute[], t: (key: string) => string): MenuItem[] {
  return routes.map((route) =>
    route.children
      ? {
          key: route.path,
          icon: MENU_ICONS[route.path],
          label: t(route.titleKey),
          children: toItems(route.children, t),
        }
      : {
          key: route.path,
          icon: MENU_ICONS[route.path],
          label: <Link to={route.path}>{t(route.titleKey)}</Link>,
        },
  );
}

/**
 * The side menu: the routes the user's roles permit, hidden ones left out (docs/product/console.md#access-rules).
 * antd's, loaded by the shell after its first paint (`lazyWithAntd`).
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { roles } = useSession();
  const { pathname } = useLocation();
  const menu = useMemo(() => menuFor(roles), [roles]);
  const items = useMemo(() => toItems(menu, t), [menu, t]);
  const selected = selectedMenuKey(menu, pathname);
  const currentGroup = selected ? groupOf(selected)?.path : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  // Arriving in another group opens it; the person may still close it afterwards.
  const [shownGroup, setShownGroup] = useState(currentGroup);
  if (shownGroup !== currentGroup) {
    setShownGroup(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      // Outside antd's Sider (the shell is plain markup), the menu is told it is collapsed.
      inlineCollapsed={collapsed}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
}
