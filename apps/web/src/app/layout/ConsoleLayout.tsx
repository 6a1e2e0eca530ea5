/**
 * The console shell (docs/product/console.md#shell): a collapsible side menu (its state kept in the sidebar
 * cookie), a top bar with the page trail, proxy banner, language switch and user menu,
 * the page, and the copyright footer. On a phone (below 768 px) the menu is a drawer opened
 * from the top bar, as Ant Design Pro does, and the page gets the whole width.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import Cookies from 'js-cookie';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPANY_NAME, COOKIES, PRODUCT_TITLE } from '@adloom/domain';
import logo from '../../assets/logo.svg';
import { LanguageSwitch } from '../../components/LanguageSwitch';
// The provider's own file: the folder's index also holds the forms' hook and its modal.
import { LeaveGuardProvider } from '../../components/leave-guard/LeaveGuardProvider';
import { AntdProvider } from '../AntdProvider';
import { Loading } from '../Loading';
import { trailOf } from './navigation';
import { ProxyBanner } from './ProxyBanner';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { useNarrowScreen } from './useNarrowScreen';
import styles from './ConsoleLayout.module.css';

/** The phone's menu drawer: loaded when first opened, then kept for its closing animation. */
const Drawer = lazy(() => import('antd/es/drawer'));

/** Sidebar cookie values: '1' opened, '0' collapsed. */
const SIDEBAR_OPENED = '1';
const SIDEBAR_COLLAPSED = '0';
const MENU_WIDTH = 220;
/** Ant Design's dark sider and menu colour, behind the phone's menu drawer too. */
const DARK_MENU_BACKGROUND = '#001529';

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/dashboard" className={styles.brand}>
      <img src={logo} alt="" width={28} height={28} />
      {!collapsed && <span>{PRODUCT_TITLE}</span>}
      {collapsed && <span className="adl-visually-hidden">{PRODUCT_TITLE}</span>}
    </Link>
  );
}

function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useState(
    () => Cookies.get(COOKIES.sidebar) === SIDEBAR_COLLAPSED,
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  // A phone's menu closes once it has taken the person somewhere.
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    Cookies.set(COOKIES.sidebar, next ? SIDEBAR_COLLAPSED : SIDEBAR_OPENED, {
      expires: 365,
      sameSite: 'lax',
      path: '/',
    });
  };
  const trail = trailOf(pathname);
  const menu = (
    <nav aria-label={t('layout.mainMenu')}>
      <SideMenu collapsed={!narrow && collapsed} />
    </nav>
  );

  return (
    <Layout className={styles.shell}>
      <a className="adl-skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      {narrow ? (
        drawerUsed && (
          <Suspense fallback={null}>
            <Drawer
              placement="left"
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              size={MENU_WIDTH}
              closable={false}
              styles={{ body: { padding: 0, background: DARK_MENU_BACKGROUND } }}
            >
              <Brand collapsed={false} />
              {menu}
            </Drawer>
          </Suspense>
        )
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={MENU_WIDTH}
          className={styles.sider}
        >
          <Brand collapsed={collapsed} />
          {menu}
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        <Layout.Header className={styles.header}>
          {narrow ? (
            <Button
              type="text"
              onClick={() => setDrawerOpen(true)}
              icon={<MenuOutlined />}
              aria-label={t('layout.expandMenu')}
              aria-expanded={drawerOpen}
            />
          ) : (
            <Button
              type="text"
              onClick={toggle}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
              aria-expanded={!collapsed}
            />
          )}
          <div className={styles.trail}>
            {trail.map((key, index) => (
              <span key={key} aria-current={index === trail.length - 1 ? 'page' : undefined}>
                {index > 0 && (
                  <span aria-hidden="true" className={styles.trailSeparator}>
                    /
                  </span>
                )}
                {t(key)}
              </span>
            ))}
          </div>
          <div className={styles.headerEnd}>
            <ProxyBanner />
            <LanguageSwitch size="small" />
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content id="main-content" tabIndex={-1} className={styles.content}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer className={styles.footer}>
          {t('layout.copyright', { year: new Date().getFullYear(), company: COMPANY_NAME })}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}

/** The shell with Ant Design around it (its own chunk, never part of /login). */
export function ConsoleLayout() {
  return (
    <AntdProvider>
      <LeaveGuardProvider>
        <Shell />
      </LeaveGuardProvider>
    </AntdProvider>
  );
}
