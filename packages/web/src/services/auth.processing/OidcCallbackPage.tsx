import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthResult } from '@dp/contracts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { HOME_PATH, INDEX_PATH, PERSONAL_PATH } from '../../app/guards.ts';
import { notify } from '../../app/notify.ts';
import { getSession, signedIn } from '../../app/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { takePending, type PendingOidc } from './oidc.ts';

type Outcome = { kind: 'working'; purpose: PendingOidc['purpose'] | null } | { kind: 'failed'; purpose: PendingOidc['purpose'] | null; message: string };

/**
 * /auth.processing/oidc/callback: where an OpenID Connect provider sends the browser back with
 * `code` and `state`. Finishes the sign-in (POST /auth, method "oidc") or the binding started in
 * the personal area (POST /auth_data) that this tab started; anything else is refused clearly.
 */
export default function OidcCallbackPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working', purpose: null });
  // The code is single use: React's double effects in development must not send it twice.
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const params = new URLSearchParams(location.search);
    const state = params.get('state');
    const code = params.get('code');
    const pending = takePending(state);
    const purpose = pending?.purpose ?? null;
    const fail = (message: string) => setOutcome({ kind: 'failed', purpose, message });
    const lang = getSession().lang;

    const providerError = params.get('error');
    if (providerError) return fail(t('external.provider_error', { error: params.get('error_description') || providerError }));
    if (!pending) return fail(t('external.not_started'));
    if (!code || !state) return fail(t('external.missing_params'));
    setOutcome({ kind: 'working', purpose });

    if (pending.purpose === 'sign_in') {
      api
        .post<AuthResult>(gatewayPath('auth.processing', 'auth'), { method: 'oidc', identity: state, secret: code }, { anonymous: true })
        .then((result) => {
          queryClient.clear();
          signedIn(result);
          navigate(HOME_PATH, { replace: true });
        })
        .catch((error) => fail(errorTitle(error, lang)));
      return;
    }
    if (!getSession().user) return fail(t('external.sign_in_first'));
    api
      .post(gatewayPath('auth.processing', 'auth_data'), { provider: pending.provider, code, state })
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: ['auth.processing', 'auth_data'] });
        notify.success(t('external.bound', { title: pending.title }));
        navigate(PERSONAL_PATH, { replace: true });
      })
      .catch((error) => fail(errorTitle(error, lang)));
    // Runs once for the URL the provider sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signedInNow = !!getSession().user;
  if (outcome.kind === 'working') {
    return (
      <AuthCard title={t(outcome.purpose === 'bind' ? 'external.completing_bind' : 'external.completing')}>
        <div className="auth-card__row auth-card__row--center" role="status" aria-live="polite">
          <Spin size="large" />
        </div>
      </AuthCard>
    );
  }
  const back = signedInNow ? PERSONAL_PATH : INDEX_PATH;
  return (
    <AuthCard title={t(outcome.purpose === 'bind' ? 'external.bind_failed_title' : 'external.failed_title')}>
      <Alert type="error" showIcon title={outcome.message} role="alert" className="auth-card__alert" />
      <Button type="primary" block size="large" onClick={() => navigate(back, { replace: true })}>
        {t(signedInNow ? 'external.to_personal' : 'external.to_sign_in')}
      </Button>
    </AuthCard>
  );
}
