import { useEffect, useState } from 'react';
import { Button, Card, Rate, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SATISFACTION_COOKIE, SATISFACTION_DECLINE_DAYS, SATISFACTION_DELAY_MS, SATISFACTION_NEW_USER_DAYS, SATISFACTION_VOTE_DAYS } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { IconButton } from '../../kit/IconButton.tsx';

export function hasSurveyCookie(): boolean {
  return typeof document !== 'undefined' && new RegExp(`(?:^|;\\s*)${SATISFACTION_COOKIE}=`).test(document.cookie);
}

/** The survey is not asked again for `days` days (spec 000 §9: 30 after a vote, 14 after a decline). */
export function writeSurveyCookie(value: 'voted' | 'declined', days: number): void {
  document.cookie = `${SATISFACTION_COOKIE}=${value}; path=/; max-age=${days * 24 * 60 * 60}; SameSite=Lax`;
}

/** Whether the account is younger than SATISFACTION_NEW_USER_DAYS (an unknown date counts as new). */
export function isNewUser(createdAt: string | undefined, now = Date.now()): boolean {
  const created = createdAt ? Date.parse(createdAt) : NaN;
  return Number.isNaN(created) || now - created < SATISFACTION_NEW_USER_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * The satisfaction survey (spec 000 §9): five stars, 5 s after entering the admin, unless its
 * cookie is set or the user is internal (internal users are exempt, §6) or in their first week.
 * A card in a corner, not a modal: the user goes on working while it is shown; closing it is a
 * decline.
 */
export function SatisfactionSurvey() {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [rate, setRate] = useState(0);
  const exempt = !user || user.internal || isNewUser(user.created_at);

  useEffect(() => {
    if (exempt || hasSurveyCookie()) return;
    const timer = setTimeout(() => {
      if (!hasSurveyCookie()) setOpen(true);
    }, SATISFACTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [exempt, user?.id]);

  const send = useMutation({
    mutationFn: (value: number) => api.post(gatewayPath('clients.storage', 'satisfaction'), { rate: value }),
    onSuccess: () => {
      writeSurveyCookie('voted', SATISFACTION_VOTE_DAYS);
      setOpen(false);
      notify.success(t('satisfaction.thanks'));
    },
    onError: (error) => notify.error(t('satisfaction.failed'), errorTitle(error)),
  });

  const decline = () => {
    writeSurveyCookie('declined', SATISFACTION_DECLINE_DAYS);
    setOpen(false);
  };

  if (exempt || !open) return null;
  const stars = [1, 2, 3, 4, 5].map((value) => t(`satisfaction.stars.${value}`));
  return (
    <section className="satisfaction-card" role="dialog" aria-modal="false" aria-labelledby="satisfaction-title">
      <Card
        size="small"
        title={<span id="satisfaction-title">{t('satisfaction.title')}</span>}
        extra={<IconButton type="text" size="small" icon={<CloseOutlined aria-hidden />} aria-label={t('common:actions.close')} onClick={decline} disabled={send.isPending} />}
        actions={[
          <Button key="later" type="link" onClick={decline} disabled={send.isPending}>
            {t('satisfaction.later')}
          </Button>,
          <Button key="send" type="primary" size="small" disabled={rate === 0} loading={send.isPending} onClick={() => send.mutate(rate)}>
            {t('satisfaction.send')}
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary">{t('satisfaction.text')}</Typography.Paragraph>
        <div className="satisfaction-rate" role="group" aria-label={t('satisfaction.rate')}>
          <Rate value={rate} onChange={setRate} tooltips={stars} />
          {rate > 0 && <Typography.Text type="secondary">{stars[rate - 1]}</Typography.Text>}
        </div>
      </Card>
    </section>
  );
}
