import { hasPermission, type Lang } from '@dp/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';

/** The reader's language, as the API's texts and the contracts' messages name it. */
export const useLang = (): Lang => (useTranslation().i18n.language === 'en' ? 'en' : 'ru');

/** Whether the signed-in user holds a permission code of `service` (what a screen shows and enables). */
export function useCan(service: string): (code: string) => boolean {
  const permissions = useSession().user?.permissions ?? {};
  return (code: string) => hasPermission(permissions, service, code);
}
