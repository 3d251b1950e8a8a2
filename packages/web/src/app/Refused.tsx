import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { permissionLabel } from '@dp/contracts';
import { FullPageLoader } from '../kit/PageLoader.tsx';
import { fetchSite } from './data.ts';
import type { Refusal } from './guards.ts';
import { notify } from './notify.ts';
import { selectSite, useSession } from './session.ts';

/** The words of a refusal: what was refused and why. */
function useRefusalText(refusal: Refusal): { title: string; description: string } {
  const { t } = useTranslation(['common', 'menu']);
  const { lang } = useSession();
  if (refusal.reason === 'site') return { title: t('refused.site_title'), description: t('refused.site_text', { id: refusal.siteId }) };
  const page = t(`menu:${refusal.route.name}`, { defaultValue: refusal.route.name });
  if (refusal.reason === 'module') return { title: t('refused.page_title', { page }), description: t('refused.module_text') };
  const code = refusal.route.permissions?.[0];
  const right = code ? permissionLabel({ service: refusal.route.service, code }, lang).name : null;
  return { title: t('refused.page_title', { page }), description: right ? t('refused.permission_text', { right }) : t('refused.mode_text') };
}

/** Goes where the guard sends a refused page and tells the user why, once. */
export function Refused({ refusal, to, state }: { refusal: Refusal; to: string; state?: unknown }) {
  const { title, description } = useRefusalText(refusal);
  useEffect(() => {
    notify.warning(title, description, 'page-refused');
  }, [title, description]);
  return <Navigate to={to} replace state={state} />;
}

/**
 * A page of a site other than the current one: the site is opened (made the current one, which the
 * top bar shows) when the user may read it, and the page shows; otherwise the user lands home and
 * is told they have no access to the site.
 */
export function OpenLinkedSite({ siteId, to }: { siteId: string; to: string }) {
  const site = useQuery({
    queryKey: ['sites.context', 'linked-site', siteId],
    retry: false,
    queryFn: ({ signal }) => fetchSite(siteId, signal),
  });
  const found = site.data;
  useEffect(() => {
    if (found) selectSite({ id: found.id, name: found.attributes.name, host: found.attributes.host, client: found.clientName });
  }, [found]);
  if (site.isError) return <Refused refusal={{ reason: 'site', siteId }} to={to} />;
  return <FullPageLoader />;
}
