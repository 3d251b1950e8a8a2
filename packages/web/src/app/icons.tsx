// smart_contracts and calltracking
import { AudioOutlined, FieldNumberOutlined, FileDoneOutlined, LikeOutlined, SignatureOutlined, StarOutlined, SwapRightOutlined, TransactionOutlined } from '@ant-design/icons';
// error-collection-system
import { BugOutlined, AimOutlined, ZoomInOutlined } from '@ant-design/icons';
// messenger_showroom
import { AreaChartOutlined, CalendarOutlined, ExperimentOutlined, FilterOutlined, LinkOutlined, InteractionOutlined, MessageOutlined, MobileOutlined, QrcodeOutlined, TrophyOutlined, WhatsAppOutlined } from '@ant-design/icons';
// custom.media
import { InstagramOutlined, PlaySquareOutlined } from '@ant-design/icons';
// notificator, queues
import { HddOutlined, OrderedListOutlined } from '@ant-design/icons';
// request.storage
import { AlertOutlined, BarsOutlined, CommentOutlined, CompassOutlined, DollarOutlined, FieldTimeOutlined, FileExcelOutlined, FileProtectOutlined, FormOutlined, GiftOutlined, IssuesCloseOutlined, RocketOutlined, SoundOutlined } from '@ant-design/icons';
import { BranchesOutlined, BulbOutlined, CarOutlined, GroupOutlined, UsergroupAddOutlined } from '@ant-design/icons';
// sites.context pages
import { BarChartOutlined, ClockCircleOutlined, DiffOutlined, ReadOutlined } from '@ant-design/icons';
// cars.import
import { CloudSyncOutlined, FileSearchOutlined, NodeExpandOutlined, RetweetOutlined, SolutionOutlined } from '@ant-design/icons';
// cars.import import states
import { MonitorOutlined } from '@ant-design/icons';
// cars.export
import { ShareAltOutlined } from '@ant-design/icons';
// sender
import { CloudServerOutlined, ExceptionOutlined, ForkOutlined, FundOutlined, SnippetsOutlined } from '@ant-design/icons';
// sender central proxy actions
import { GatewayOutlined } from '@ant-design/icons';
// form-constructor
import { InsertRowBelowOutlined, RobotOutlined, SecurityScanOutlined } from '@ant-design/icons';
// importer.notifier
import { InboxOutlined, MailOutlined, SendOutlined, UserSwitchOutlined } from '@ant-design/icons';
// media.storage library
import { FolderOpenOutlined } from '@ant-design/icons';
// floors.storage and seo
import { ContainerOutlined, TagOutlined, TagsOutlined } from '@ant-design/icons';
import {
  ApiOutlined, AppstoreOutlined, AuditOutlined, StopOutlined, BellOutlined, BlockOutlined, BookOutlined, BuildOutlined, ClusterOutlined, CrownOutlined,
  DeploymentUnitOutlined, FileTextOutlined, GlobalOutlined, KeyOutlined, LayoutOutlined, LockOutlined, NotificationOutlined,
  PictureOutlined, SafetyOutlined, ScheduleOutlined, SearchOutlined, SettingOutlined, ShopOutlined, ShoppingOutlined,
  SwapOutlined, TeamOutlined, UserOutlined, TranslationOutlined,
} from '@ant-design/icons';
// cars.catalog: the reference catalogue
import { AppstoreAddOutlined, BgColorsOutlined, BorderOutlined, ControlOutlined, DashboardOutlined, FireOutlined, HistoryOutlined, ProfileOutlined, ToolOutlined, TrademarkOutlined } from '@ant-design/icons';
// cars.catalog: body colours, upholsteries, marketing galleries
import { CameraOutlined, FormatPainterOutlined, SkinOutlined } from '@ant-design/icons';
// cars.catalog: marketing complectations, option categories, options, dealer options
import { CarryOutOutlined, CheckSquareOutlined, PartitionOutlined, ShoppingCartOutlined } from '@ant-design/icons';
// cars.stock: new and used cars of a site
import { ReconciliationOutlined, ThunderboltOutlined } from '@ant-design/icons';
// dealerships: dealerships, departments, employees, services
import { ApartmentOutlined, CustomerServiceOutlined, IdcardOutlined, BankOutlined } from '@ant-design/icons';
// benefits: discounts and discount programs
import { PercentageOutlined, ProjectOutlined } from '@ant-design/icons';
// cars.vins: VIN data, retrieval profiles, allowed clients
import { BarcodeOutlined, CloudDownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
// dealerships of a site's client (the {siteId?} variants)
import { ContactsOutlined, EnvironmentOutlined, NodeIndexOutlined, PhoneOutlined } from '@ant-design/icons';
// cars.stock.sites and cars.sorting: stock settings, showroom pages, custom filters, viewed and favorites, car sorting
import { DesktopOutlined, FunnelPlotOutlined, HeartOutlined, SlidersOutlined, SortAscendingOutlined } from '@ant-design/icons';
// credit.calc: banks, programmes, packs, a site's calculator
import { AccountBookOutlined, CalculatorOutlined, CreditCardOutlined, WalletOutlined } from '@ant-design/icons';
// accessories.showroom: a site's accessories, categories, attributes, settings; the system-wide attributes
import { DatabaseOutlined, FileSyncOutlined, OneToOneOutlined, GoldOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Mode } from '@dp/contracts';
import type { ReactNode } from 'react';

const ROUTE_ICONS: Record<string, ReactNode> = {
  site_select: <AppstoreOutlined aria-hidden />,
  site_settings: <SettingOutlined aria-hidden />,
  // sites.context
  site_users: <UsergroupAddOutlined aria-hidden />,
  site_groups: <GroupOutlined aria-hidden />,
  forks: <BranchesOutlined aria-hidden />,
  dealers: <CarOutlined aria-hidden />,
  pages: <FileTextOutlined aria-hidden />,
  layouts: <LayoutOutlined aria-hidden />,
  templates: <BlockOutlined aria-hidden />,
  collections: <ReadOutlined aria-hidden />,
  stages: <PictureOutlined aria-hidden />,
  media_library: <FolderOpenOutlined aria-hidden />,
  redirects: <SwapOutlined aria-hidden />,
  seo_config: <SearchOutlined aria-hidden />,
  seo_constants: <TagsOutlined aria-hidden />,
  site_marketplace: <ShopOutlined aria-hidden />,
  client_groups: <ClusterOutlined aria-hidden />,
  all_sites: <GlobalOutlined aria-hidden />,
  floors: <BuildOutlined aria-hidden />,
  floor_groups: <ContainerOutlined aria-hidden />,
  clients: <TeamOutlined aria-hidden />,
  users: <UserOutlined aria-hidden />,
  roles: <SafetyOutlined aria-hidden />,
  permissions: <KeyOutlined aria-hidden />,
  routes: <ApiOutlined aria-hidden />,
  gateway_routes: <DeploymentUnitOutlined aria-hidden />,
  audit: <AuditOutlined aria-hidden />,
  restrictions: <StopOutlined aria-hidden />,
  custom_tokens: <LockOutlined aria-hidden />,
  root: <CrownOutlined aria-hidden />,
  marketplace_settings: <ShoppingOutlined aria-hidden />,
  multilanguage_settings: <TranslationOutlined aria-hidden />,
  tasks: <ScheduleOutlined aria-hidden />,
  news: <NotificationOutlined aria-hidden />,
  suggestions: <BulbOutlined aria-hidden />,
  errors_projects: <BugOutlined aria-hidden />,
  errors_search: <ZoomInOutlined aria-hidden />,
  errors_client: <AimOutlined aria-hidden />,
  notifications: <BellOutlined aria-hidden />,
  notificator_settings: <OrderedListOutlined aria-hidden />,
  queues: <HddOutlined aria-hidden />,
  // cars.catalog
  catalog_brands: <TrademarkOutlined aria-hidden />,
  catalog_models: <AppstoreAddOutlined aria-hidden />,
  catalog_generations: <HistoryOutlined aria-hidden />,
  catalog_restylings: <ToolOutlined aria-hidden />,
  catalog_complectations: <ProfileOutlined aria-hidden />,
  catalog_bodies: <BorderOutlined aria-hidden />,
  catalog_fuels: <FireOutlined aria-hidden />,
  catalog_transmissions: <ControlOutlined aria-hidden />,
  catalog_wheel_drives: <DashboardOutlined aria-hidden />,
  catalog_colors: <BgColorsOutlined aria-hidden />,
  // cars.catalog
  catalog_body_colors: <FormatPainterOutlined aria-hidden />,
  catalog_upholsteries: <SkinOutlined aria-hidden />,
  catalog_marketing_galleries: <CameraOutlined aria-hidden />,
  // cars.catalog labels
  catalog_labels: <TagOutlined aria-hidden />,
  // cars.catalog
  catalog_marketing_complectations: <CarryOutOutlined aria-hidden />,
  catalog_option_categories: <PartitionOutlined aria-hidden />,
  catalog_options: <CheckSquareOutlined aria-hidden />,
  catalog_dealer_options: <ShoppingCartOutlined aria-hidden />,
  // cars.stock
  stock_new_cars: <ThunderboltOutlined aria-hidden />,
  stock_used_cars: <ReconciliationOutlined aria-hidden />,
  // cars.stock.sites and cars.sorting
  stock_settings: <SlidersOutlined aria-hidden />,
  stock_showroom_pages: <DesktopOutlined aria-hidden />,
  stock_custom_filters: <FunnelPlotOutlined aria-hidden />,
  stock_viewed_favorites: <HeartOutlined aria-hidden />,
  cars_sorting: <SortAscendingOutlined aria-hidden />,
  // dealerships
  dealerships_dealers: <BankOutlined aria-hidden />,
  dealerships_departments: <ApartmentOutlined aria-hidden />,
  dealerships_employees: <IdcardOutlined aria-hidden />,
  dealerships_services: <CustomerServiceOutlined aria-hidden />,
  // benefits
  benefits_discounts: <PercentageOutlined aria-hidden />,
  benefits_programs: <ProjectOutlined aria-hidden />,
  // cars.vins
  vins_vin_data: <BarcodeOutlined aria-hidden />,
  vins_profiles: <CloudDownloadOutlined aria-hidden />,
  vins_clients: <SafetyCertificateOutlined aria-hidden />,
  // cars.import
  import_settings: <CloudSyncOutlined aria-hidden />,
  import_reports: <FileSearchOutlined aria-hidden />,
  import_profiles: <SolutionOutlined aria-hidden />,
  import_hooks: <NodeExpandOutlined aria-hidden />,
  import_aliases: <RetweetOutlined aria-hidden />,
  // cars.import import states
  import_states: <MonitorOutlined aria-hidden />,
  import_edit: <DiffOutlined aria-hidden />,
  // cars.export
  export_settings: <ShareAltOutlined aria-hidden />,
  // importer.notifier
  notifier_settings: <MailOutlined aria-hidden />,
  notifier_reports: <InboxOutlined aria-hidden />,
  notifier_manager_settings: <UserSwitchOutlined aria-hidden />,
  notifier_manager_reports: <SendOutlined aria-hidden />,
  dealerships_site_dealers: <EnvironmentOutlined aria-hidden />,
  dealerships_site_departments: <NodeIndexOutlined aria-hidden />,
  dealerships_site_employees: <ContactsOutlined aria-hidden />,
  dealerships_site_services: <PhoneOutlined aria-hidden />,
  // credit.calc
  credit_banks: <WalletOutlined aria-hidden />,
  credit_programs: <CreditCardOutlined aria-hidden />,
  credit_packs: <AccountBookOutlined aria-hidden />,
  credit_settings: <CalculatorOutlined aria-hidden />,
  showroom_summary: <AreaChartOutlined aria-hidden />,
  showroom_general_settings: <MessageOutlined aria-hidden />,
  showroom_bots: <QrcodeOutlined aria-hidden />,
  showroom_service_works: <ExperimentOutlined aria-hidden />,
  showroom_specials: <TrophyOutlined aria-hidden />,
  showroom_customers: <MobileOutlined aria-hidden />,
  showroom_callback: <WhatsAppOutlined aria-hidden />,
  showroom_testdrive: <InteractionOutlined aria-hidden />,
  showroom_service: <CalendarOutlined aria-hidden />,
  showroom_cars: <FilterOutlined aria-hidden />,
  showroom_webhooks: <LinkOutlined aria-hidden />,
  // custom.media
  custom_media_profiles: <PlaySquareOutlined aria-hidden />,
  custom_media_items: <InstagramOutlined aria-hidden />,
  // smart_contracts and calltracking
  smart_contracts_settings: <FileDoneOutlined aria-hidden />,
  callkeeper_settings: <SignatureOutlined aria-hidden />,
  calltouch_settings: <AudioOutlined aria-hidden />,
  calltracking_calls: <FieldNumberOutlined aria-hidden />,
  // tradein.calculator
  tradein_settings: <TransactionOutlined aria-hidden />,
  // reviewer
  reviewer_settings: <LikeOutlined aria-hidden />,
  reviewer_ratings: <StarOutlined aria-hidden />,
  // accessories.showroom
  accessories: <GoldOutlined aria-hidden />,
  accessory_categories: <UnorderedListOutlined aria-hidden />,
  accessory_attributes: <OneToOneOutlined aria-hidden />,
  accessory_settings: <FileSyncOutlined aria-hidden />,
  system_accessory_attributes: <DatabaseOutlined aria-hidden />,
  // request.storage
  requests_subscription_requests: <SoundOutlined aria-hidden />,
  requests_callback_requests: <CommentOutlined aria-hidden />,
  requests_test_drive_requests: <CompassOutlined aria-hidden />,
  requests_service_requests: <FieldTimeOutlined aria-hidden />,
  requests_buy_model_requests: <DollarOutlined aria-hidden />,
  requests_avn_requests: <RocketOutlined aria-hidden />,
  requests_accessory_requests: <GiftOutlined aria-hidden />,
  requests_tradein_requests: <SwapRightOutlined aria-hidden />,
  requests_custom_form_requests: <FormOutlined aria-hidden />,
  requests_all_export: <FileExcelOutlined aria-hidden />,
  requests_settings: <BarsOutlined aria-hidden />,
  requests_site_blocks: <IssuesCloseOutlined aria-hidden />,
  requests_block_settings: <ClockCircleOutlined aria-hidden />,
  requests_summary: <BarChartOutlined aria-hidden />,
  requests_agreement_hash: <FileProtectOutlined aria-hidden />,
  offensive_words: <AlertOutlined aria-hidden />,
  // sender
  requests_lost_requests: <ExceptionOutlined aria-hidden />,
  requests_report_settings: <FundOutlined aria-hidden />,
  sender_email_actions: <SnippetsOutlined aria-hidden />,
  sender_proxy_actions: <ForkOutlined aria-hidden />,
  sender_smtp_settings: <CloudServerOutlined aria-hidden />,
  sender_central_proxy_actions: <GatewayOutlined aria-hidden />,
  // form-constructor
  form_constructor_forms: <InsertRowBelowOutlined aria-hidden />,
  captcha_settings: <RobotOutlined aria-hidden />,
  smart_captcha_keys: <SecurityScanOutlined aria-hidden />,
};

/** Every menu entry has its own icon, so that the collapsed menu tells them apart (app/menu.test.ts). */
export const ROUTE_ICON_NAMES = Object.keys(ROUTE_ICONS);
export const routeIcon = (name: string): ReactNode => ROUTE_ICONS[name] ?? <AppstoreOutlined aria-hidden />;

export const MODE_ICONS: Record<Mode, ReactNode> = {
  site: <GlobalOutlined aria-hidden />,
  dictionaries: <BookOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
};
