import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab's title of a page: "Пользователи — Dealer Platform"; the product's name alone
 * without one. A module of its own: the sign-in page and the route error need it without
 * PageHeader's Typography (docs/performance.md).
 */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation('common');
  const app = t('app_name');
  useEffect(() => {
    document.title = title ? `${title} — ${app}` : app;
  }, [title, app]);
}
