import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@dp/contracts';
import { errorTitle } from '../kit/api.ts';
import { notify } from './notify.ts';
import { chooseLanguage, useSession } from './session.ts';

/**
 * The RU / EN switch of the top bar and of the sign-in card. A module of its own, so that the
 * sign-in page does not load the shell (AppShell) for it.
 */
export function LocaleSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const { lang } = useSession();
  return (
    <Segmented<Lang>
      size={size}
      data-testid="locale-switch"
      aria-label={t('language')}
      value={lang}
      options={[
        { value: 'ru', label: 'RU', title: 'Русский' },
        { value: 'en', label: 'EN', title: 'English' },
      ]}
      onChange={(value) => {
        chooseLanguage(value).catch((error: unknown) => notify.error(errorTitle(error, value)));
      }}
    />
  );
}
