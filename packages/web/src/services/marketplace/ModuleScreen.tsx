import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Result } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { moduleCodes } from '@dp/contracts';
import { useCurrentSite } from '../../app/data.ts';
import { useSession } from '../../app/session.ts';
import { codeTitle } from './site-modules.ts';
import { clearModuleRefusal, enterScreen, useModuleRefusal, type ModuleRefusal } from './module-refusal.ts';

/** The way to the current site's marketplace, when a site is open. */
function MarketplaceButton() {
  const { t } = useTranslation('marketplace');
  const site = useCurrentSite();
  if (!site.data) return null;
  return (
    <Link to={`/marketplace/marketplace/${encodeURIComponent(site.data.id)}`}>
      <Button type="primary">{t('paused_notice.open')}</Button>
    </Link>
  );
}

/** The codes of a module expression (`a|b`) suspended on the site, when none of them is active there. */
function pausedCodes(module: string, installed: string[], paused: string[]): string[] {
  const codes = moduleCodes(module);
  if (codes.some((code) => installed.includes(code) && !paused.includes(code))) return [];
  return codes.filter((code) => paused.includes(code));
}

/**
 * The frame of a site module's screen: while the module is suspended on the site, the screen says
 * so and asks to contact the account manager (spec 002 §4), with the way to the marketplace.
 * Platform staff still read what was stored (the API lets them), under a warning. The guard
 * already keeps out sites without the module.
 */
export function ModuleScreen({ module, children }: { module: string; children: ReactNode }) {
  const { t } = useTranslation('marketplace');
  const { lang, user } = useSession();
  const site = useCurrentSite();
  const paused = pausedCodes(module, site.data?.modules ?? [], site.data?.paused_modules ?? []);
  if (!paused.length) return <>{children}</>;
  const title = t('paused_screen.title', { module: paused.map((code) => codeTitle(code, lang)).join(' / ') });
  if (user?.internal) {
    return (
      <>
        <div className="page">
          <Alert type="warning" showIcon title={title} description={t('paused_screen.staff')} style={{ marginBottom: 16 }} />
        </div>
        {children}
      </>
    );
  }
  return (
    <div className="page">
      <Result status="warning" title={title} subTitle={t('contact_manager')} extra={<MarketplaceButton />} />
    </div>
  );
}

/** A screen whose data the API refused for its module: the server's words and what to do. */
function ModuleRefused({ refusal }: { refusal: ModuleRefusal }) {
  const { t } = useTranslation('marketplace');
  const queryClient = useQueryClient();
  const retry = () => {
    clearModuleRefusal();
    void queryClient.refetchQueries({ type: 'active' });
  };
  return (
    <div className="page">
      <Result
        status="warning"
        title={refusal.title}
        subTitle={refusal.code === 'module_paused' ? t('contact_manager') : t('refused.not_installed')}
        extra={[
          <MarketplaceButton key="marketplace" />,
          <Button key="retry" onClick={retry}>
            {t('common:actions.retry')}
          </Button>,
        ]}
      />
    </div>
  );
}

/**
 * What the shell puts around every screen: a module screen's paused notice, and for any screen
 * whose data the API refused for a module (not installed, suspended), the module's notice in
 * place of the screen's own error.
 */
export function ModuleFrame({ module, children }: { module: string | null | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  const refusal = useModuleRefusal(pathname);
  // A refusal belongs to the screen it happened on (the screen's queries start after this runs).
  useEffect(() => enterScreen(pathname), [pathname]);
  if (refusal) return <ModuleRefused refusal={refusal} />;
  return module ? <ModuleScreen module={module}>{children}</ModuleScreen> : <>{children}</>;
}
