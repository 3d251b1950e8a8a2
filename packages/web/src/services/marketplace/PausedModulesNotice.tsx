import { useEffect } from 'react';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentSite } from '../../app/data.ts';
import { useSession } from '../../app/session.ts';
import { codeTitle } from './site-modules.ts';

/** The paused-module notice stays 25 s (spec 000 §9). */
export const PAUSED_NOTICE_SECONDS = 25;
/** Sites already warned in this browser session (sessionStorage): once per site per session. */
export const PAUSED_NOTICE_KEY = 'paused_modules_notice';

function warnedSites(): string[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(PAUSED_NOTICE_KEY) ?? '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** Records the site as warned; false when it already was. */
export function markWarned(siteId: string): boolean {
  const warned = warnedSites();
  if (warned.includes(siteId)) return false;
  sessionStorage.setItem(PAUSED_NOTICE_KEY, JSON.stringify([...warned, siteId]));
  return true;
}

/**
 * When a site with suspended modules is opened: a warning that payment is needed, with a button
 * to the site's marketplace (spec 000 §8, §9), once per site per browser session.
 */
export function PausedModulesNotice() {
  const { t } = useTranslation('marketplace');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { lang } = useSession();
  const site = useCurrentSite();
  const siteId = site.data?.id;
  const paused = site.data?.paused_modules ?? [];
  const pausedKey = paused.join(',');

  useEffect(() => {
    if (!siteId || !pausedKey || !markWarned(siteId)) return;
    const key = `paused-modules-${siteId}`;
    const names = pausedKey.split(',').map((code) => codeTitle(code, lang));
    notification.warning({
      key,
      title: t('paused_notice.title'),
      description: t('paused_notice.text', { modules: names.join(', '), count: names.length }),
      duration: PAUSED_NOTICE_SECONDS,
      role: 'status',
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(key);
            navigate(`/marketplace/marketplace/${encodeURIComponent(siteId)}`);
          }}
        >
          {t('paused_notice.open')}
        </Button>
      ),
    });
    // Shown once per site: a language switch does not show it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteId, pausedKey]);
  return null;
}
