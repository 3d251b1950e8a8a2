import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { App as AntApp, Avatar, Button, Drawer, Dropdown, Grid, Layout, Menu, Segmented, Space, Tooltip, Typography, type MenuProps } from 'antd';
import { ExportOutlined, LogoutOutlined, MenuOutlined, RollbackOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Mode } from '@dp/contracts';
import { readJson, writeJson } from '../kit/storage.ts';
import { ContentLoader } from '../kit/Loader.tsx';
import { IconButton } from '../kit/IconButton.tsx';
import { Logo } from '../kit/Logo.tsx';
import { siteUrl, useCurrentSite } from './data.ts';
import { LOGOUT_PATH, PERSONAL_PATH, SITE_SELECT_PATH, HOME_PATH } from './guards.ts';
import { MODE_ICONS, routeIcon } from './icons.tsx';
import { normalizePath, type MenuContext } from './menu.ts';
import { NOTICE_CONFIG, notify } from './notify.ts';
import { leaveSite, setMode, useSession } from './session.ts';
import { useCurrentMode, useMenu, useMenuContext, useSwitchMode } from './useShell.ts';
import { ClientSwitch } from '../services/auth.processing/ClientSwitch.tsx';
import { SatisfactionSurvey } from '../services/clients.storage/SatisfactionSurvey.tsx';
import { PausedModulesNotice } from '../services/marketplace/PausedModulesNotice.tsx';
import { ModuleFrame } from '../services/marketplace/ModuleScreen.tsx';
import { LocaleSwitch } from './LocaleSwitch.tsx';
import { SCREENS } from './screens.ts';
import './date-locale.ts';

export { LocaleSwitch };

const SIDER_WIDTH = 256;
const COLLAPSED_KEY = 'menu_collapsed';

function ModeSwitch({ ctx, mode, modes, block = false }: { ctx: MenuContext | null; mode: Mode | null; modes: Mode[]; block?: boolean }) {
  const { t } = useTranslation();
  const switchMode = useSwitchMode(ctx);
  if (modes.length === 0) return null;
  return (
    <Segmented<Mode>
      data-testid="mode-switch"
      aria-label={t('modes.title')}
      block={block}
      orientation={block ? 'vertical' : 'horizontal'}
      className={block ? 'mode-switch mode-switch--block' : 'mode-switch'}
      value={mode ?? undefined}
      options={modes.map((value) => ({
        value,
        icon: MODE_ICONS[value],
        title: t(`modes.${value}`),
        // A click on the mode already shown still opens its first screen.
        label: (
          <span className="mode-switch__label" onClick={() => value === mode && switchMode(value)}>
            {t(`modes.${value}`)}
          </span>
        ),
      }))}
      onChange={switchMode}
    />
  );
}

function SiteBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useCurrentSite();
  if (!site.data) return null;
  const url = siteUrl(site.data);
  return (
    <Space size={4} className="shell-site" aria-label={t('site.current')}>
      <Tooltip title={t('site.leave')}>
        <Button
          type="text"
          icon={<RollbackOutlined aria-hidden />}
          aria-label={t('site.leave')}
          onClick={() => {
            leaveSite();
            navigate(SITE_SELECT_PATH);
          }}
        />
      </Tooltip>
      <Typography.Text strong ellipsis className="shell-site__name" data-testid="current-site">
        {site.data.name}
      </Typography.Text>
      {url && (
        <Tooltip title={t('site.open')}>
          <Button type="text" icon={<ExportOutlined aria-hidden />} href={url} target="_blank" rel="noopener noreferrer" aria-label={t('site.open')} />
        </Tooltip>
      )}
    </Space>
  );
}

function ProfileMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  if (!user) return null;
  const fullName = [user.name, user.last_name].filter(Boolean).join(' ');
  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <div className="profile-menu__who">
          <Typography.Text strong>{fullName}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{user.email}</Typography.Text>
        </div>
      ),
    },
    { type: 'divider' },
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: t('profile'), onClick: () => navigate(PERSONAL_PATH) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('actions.logout'), onClick: () => navigate(LOGOUT_PATH) },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" rootClassName="top-bar-popup">
      <Button type="text" data-testid="profile-menu" aria-label={t('profile_menu')} className="profile-menu">
        <Avatar size="small" style={{ backgroundColor: '#1f5eff' }}>
          {(user.name || user.email).slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="profile-menu__name">{user.name || user.email}</span>
      </Button>
    </Dropdown>
  );
}

/** A menu item's screen code, asked for as the pointer or the focus reaches the item: it is there by the click. */
const preloadScreen = (routePath: string) => () => void SCREENS[routePath]?.preload().catch(() => undefined);

/** The side menu's entries of the current mode, grouped (dividers between groups when collapsed). */
function useMenuItems(groups: ReturnType<typeof useMenu>, collapsed: boolean): MenuProps['items'] {
  const { t } = useTranslation(['common', 'menu']);
  return useMemo(() => {
    const entries = (group: (typeof groups)[number]) =>
      group.items.map((item) => ({
        key: normalizePath(item.path),
        icon: routeIcon(item.name),
        label: (
          <Link to={item.path} onPointerEnter={preloadScreen(item.route.path)} onFocus={preloadScreen(item.route.path)}>
            {t(`menu:${item.name}`)}
          </Link>
        ),
      }));
    if (collapsed) return groups.flatMap((group, index) => [...(index ? [{ type: 'divider' as const, key: `divider:${group.group}` }] : []), ...entries(group)]);
    return groups.map((group) => ({ key: `group:${group.group}`, type: 'group' as const, label: t(`menu:groups.${group.group}`), children: entries(group) }));
  }, [groups, t, collapsed]);
}

/** The menu of a narrow screen: a drawer from the top bar with the modes, the site being edited and the items. */
function MenuDrawer({ open, onClose, modeSwitch, menu }: { open: boolean; onClose: () => void; modeSwitch: ReactNode; menu: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} placement="left" size={288} title={<Logo />} className="shell-drawer" aria-label={t('side_menu')} styles={{ body: { padding: 0 } }}>
      <div className="shell-drawer__top">
        {modeSwitch}
      </div>
      {menu}
    </Drawer>
  );
}

/**
 * The shell with antd's App around it: the screens' App.useApp() (message, modal, notification)
 * is here, not in Providers, so that the sign-in page does not load Modal (docs/performance.md).
 */
export function AppShell({ page }: { page?: ReactNode } = {}) {
  return (
    <AntApp notification={NOTICE_CONFIG}>
      <ShellLayout page={page} />
    </AntApp>
  );
}

/**
 * The signed-in layout (spec 000 §2): top bar, collapsible side menu (256), content. Below 992 px
 * the side menu collapses by itself; below 768 px it becomes a drawer opened from the top bar,
 * whose modes and language fold into the drawer and the profile menu.
 */
function ShellLayout({ page }: { page?: ReactNode }) {
  const { t } = useTranslation(['common', 'menu']);
  const location = useLocation();
  const ctx = useMenuContext();
  const { mode, modes, routeMode, route } = useCurrentMode(ctx);
  const groups = useMenu(ctx, mode);
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const [collapsed, setCollapsed] = useState<boolean>(() => readJson<boolean>(COLLAPSED_KEY) === true);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The mode follows the route on screen and is remembered.
  useEffect(() => {
    if (routeMode) setMode(routeMode);
  }, [routeMode]);
  // The drawer closes once a menu item has been followed.
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const siteMode = mode === 'site' || routeMode === 'site';
  const siderItems = useMenuItems(groups, collapsed);
  const drawerItems = useMenuItems(groups, false);
  const selected = useMemo(() => {
    const path = normalizePath(location.pathname);
    const keys = groups.flatMap((group) => group.items.map((item) => normalizePath(item.path)));
    return keys.filter((key) => path === key || path.startsWith(`${key}/`));
  }, [groups, location.pathname]);
  const logoTarget = modes.includes('site') ? SITE_SELECT_PATH : HOME_PATH;
  const empty = <div className="shell-menu__empty">{t('menu:empty')}</div>;

  return (
    <Layout className={narrow ? 'shell shell--narrow' : 'shell'}>
      <SatisfactionSurvey />
      <PausedModulesNotice />
      <Layout.Header className="shell-header">
        {narrow && (
          <IconButton type="text" icon={<MenuOutlined aria-hidden />} aria-label={t('common:actions.menu')} data-testid="menu-toggle" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)} />
        )}
        <Link to={logoTarget} className="shell-logo" aria-label={t('logo_link')}>
          <Logo />
        </Link>
        {!narrow && <ModeSwitch ctx={ctx} mode={mode} modes={modes} />}
        {!narrow && siteMode && <SiteBar />}
        <div className="shell-header__spacer" />
        <ClientSwitch />
        <LocaleSwitch />
        <ProfileMenu />
      </Layout.Header>
      {/* On a phone the site being edited stays in sight under the top bar. */}
      {narrow && siteMode && (
        <div className="shell-site-strip">
          <SiteBar />
        </div>
      )}
      <Layout>
        {narrow ? (
          <MenuDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            modeSwitch={<ModeSwitch ctx={ctx} mode={mode} modes={modes} block />}
            menu={drawerItems?.length ? <Menu mode="inline" items={drawerItems} selectedKeys={selected} className="shell-menu" data-testid="side-menu" /> : empty}
          />
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsible
            collapsed={collapsed}
            breakpoint="lg"
            onCollapse={(value, type) => {
              // Only the user's own choice is remembered; a wide enough screen goes back to it.
              if (type === 'clickTrigger') writeJson(COLLAPSED_KEY, value);
              setCollapsed(type === 'responsive' && !value ? readJson<boolean>(COLLAPSED_KEY) === true : value);
            }}
            className="shell-sider"
            data-testid="side-menu"
            aria-label={t('side_menu')}
            theme="light"
          >
            {siderItems?.length ? <Menu mode="inline" items={siderItems} selectedKeys={selected} className="shell-menu" /> : !collapsed && empty}
          </Layout.Sider>
        )}
        {/* data-location: the location this render shows (e2e/kit.ts visit waits for it). */}
        <Layout.Content className="shell-content" data-location={location.pathname}>
          <Suspense key={route?.path ?? location.pathname} fallback={<ContentLoader />}>
            {page ?? (
              <ModuleFrame module={route?.module}>
                <Outlet />
              </ModuleFrame>
            )}
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
