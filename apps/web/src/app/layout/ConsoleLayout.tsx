/**
 * The console shell (docs/product/console.md#shell): a collapsible side menu (its state kept in the sidebar
 * cookie), a top bar with the page trail, proxy banner, language switch and user menu,
 * the page, and the copyright footer. On a phone (below 768 px) the menu is a drawer opened
 * from the top bar, as Ant Design Pro does, and the page gets the whole width.
 *
 * The shell itself is plain markup styled like antd's Layout: its first paint waits for no
 * antd. The side menu, the phone's drawer and the user menu's dropdown bring antd with them
 * (`lazyWithAntd`), and a page that uses antd gets its provider from the routes
 * (docs/decisions/dashboard-first-load.md).
 */
import { Suspense, useEffect, useState } from 'react';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import Cookies from 'js-cookie';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPANY_NAME, COOKIES, PRODUCT_TITLE } from '@adloom/domain';
import logo from '../../assets/logo.svg';
import { LanguageSwitch } from '../../components/LanguageSwitch';
// The provider's own file: the folder's index also holds the forms' hook and its modal.
import { LeaveGuardProvider } from '../../components/leave-guard/LeaveGuardProvider';
import { watchTableAccessibility } from '../../lib/tableA11y';
import { lazyWithAntd } from '../lazyWithAntd';
import { Loading } from '../Loading';
import { trailOf } from './navigation';
import { ProxyBanner } from './ProxyBanner';
import { UserMenu } from './UserMenu';
import { useNarrowScreen } from './useNarrowScreen';
import styles from './ConsoleLayout.module.css';

/** The phone's menu drawer: loaded when first opened, then kept for its closing animation. */
const Drawer = lazyWithAntd(() => import('antd/es/drawer').then((m) => m.default));
/** antd's menu, after the shell's first paint; the dark column holds its place meanwhile. */
const SideMenu = lazyWithAntd(() => import('./SideMenu').then((m) => m.SideMenu));

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
      <Suspense fallback={null}>
        <SideMenu collapsed={!narrow && collapsed} />
      </Suspense>
    </nav>
  );
  const MenuIcon = collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;

  return (
    <div className={styles.shell}>
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
        <aside
          className={collapsed ? `${styles.sider} ${styles.siderCollapsed}` : styles.sider}
          data-testid="side-menu"
        >
          <Brand collapsed={collapsed} />
          {menu}
        </aside>
      )}
      <div className={styles.main}>
        <header className={styles.header}>
          {narrow ? (
            <button
              type="button"
              className={styles.menuButton}
              onClick={() => setDrawerOpen(true)}
              aria-label={t('layout.expandMenu')}
              aria-expanded={drawerOpen}
            >
              <MenuOutlined />
            </button>
          ) : (
            <button
              type="button"
              className={styles.menuButton}
              onClick={toggle}
              aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
              aria-expanded={!collapsed}
            >
              <MenuIcon />
            </button>
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
        </header>
        <main id="main-content" tabIndex={-1} className={styles.content}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className={styles.footer}>
          {t('layout.copyright', { year: new Date().getFullYear(), company: COMPANY_NAME })}
        </footer>
      </div>
    </div>
  );
}

/** The shell (its own chunk, never part of /login). */
export function ConsoleLayout() {
  // antd's tables on every page, the dashboard's own included, get their keyboard and
  // screen-reader fixes.
  useEffect(() => watchTableAccessibility(), []);
  return (
    <LeaveGuardProvider>
      <Shell />
    </LeaveGuardProvider>
  );
}
