import {
  ApiOutlined, AppstoreOutlined, BellOutlined, BlockOutlined, BookOutlined, BuildOutlined, ClusterOutlined, CrownOutlined,
  DeploymentUnitOutlined, FileTextOutlined, GlobalOutlined, KeyOutlined, LayoutOutlined, LockOutlined, NotificationOutlined,
  PictureOutlined, SafetyOutlined, ScheduleOutlined, SearchOutlined, SettingOutlined, ShopOutlined, ShoppingOutlined,
  SwapOutlined, TeamOutlined, UserOutlined,
} from '@ant-design/icons';
import type { Mode } from '@dp/contracts';
import type { ReactNode } from 'react';

const ROUTE_ICONS: Record<string, ReactNode> = {
  site_select: <AppstoreOutlined />,
  site_settings: <SettingOutlined />,
  pages: <FileTextOutlined />,
  layouts: <LayoutOutlined />,
  templates: <BlockOutlined />,
  stages: <PictureOutlined />,
  redirects: <SwapOutlined />,
  seo_config: <SearchOutlined />,
  site_marketplace: <ShopOutlined />,
  client_groups: <ClusterOutlined />,
  all_sites: <GlobalOutlined />,
  floors: <BuildOutlined />,
  clients: <TeamOutlined />,
  users: <UserOutlined />,
  roles: <SafetyOutlined />,
  permissions: <KeyOutlined />,
  routes: <ApiOutlined />,
  gateway_routes: <DeploymentUnitOutlined />,
  custom_tokens: <LockOutlined />,
  root: <CrownOutlined />,
  marketplace_settings: <ShoppingOutlined />,
  tasks: <ScheduleOutlined />,
  news: <NotificationOutlined />,
  notifications: <BellOutlined />,
};

export const routeIcon = (name: string): ReactNode => ROUTE_ICONS[name] ?? <AppstoreOutlined />;

export const MODE_ICONS: Record<Mode, ReactNode> = {
  site: <GlobalOutlined />,
  dictionaries: <BookOutlined />,
  settings: <SettingOutlined />,
};
