import { Button, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { meQuery } from '../../app/data.ts';
import { HOME_PATH, LOGOUT_PATH } from '../../app/guards.ts';
import { updateUser, useSession } from '../../app/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { SecondFactorSetup } from './SecondFactorSetup.tsx';

/**
 * /auth.processing/second_factor/: where a session held to enrolment is kept (a role requires a
 * second factor the user does not have yet) until the factor is set up. Sign-out stays open.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutLink = (
    <Button type="link" onClick={() => navigate(LOGOUT_PATH)} className="auth-card__link">
      {t('second_factor.logout')}
    </Button>
  );
  // The factor was set up in another session: this one has to sign in again with a code.
  if (user?.second_factor?.enabled) {
    return (
      <AuthCard title={t('second_factor.required_title')} footer={logoutLink}>
        <Typography.Paragraph>{t('second_factor.enabled_elsewhere')}</Typography.Paragraph>
        <Button type="primary" block onClick={() => navigate(LOGOUT_PATH)}>
          {t('second_factor.sign_in_again')}
        </Button>
      </AuthCard>
    );
  }
  // Once the recovery codes are kept, the user (no longer held) goes on into the admin.
  const done = async () => {
    const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    updateUser(me);
    navigate(HOME_PATH, { replace: true });
  };
  return (
    <AuthCard title={t('second_factor.required_title')} subtitle={t('second_factor.required_subtitle')} footer={logoutLink}>
      <SecondFactorSetup onDone={() => void done()} />
    </AuthCard>
  );
}
