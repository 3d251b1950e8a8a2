import { useEffect, useState } from 'react';
import { Button, Modal, Rate, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SATISFACTION_COOKIE, SATISFACTION_DECLINE_DAYS, SATISFACTION_DELAY_MS, SATISFACTION_VOTE_DAYS } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';

export function hasSurveyCookie(): boolean {
  return typeof document !== 'undefined' && new RegExp(`(?:^|;\\s*)${SATISFACTION_COOKIE}=`).test(document.cookie);
}

/** The survey is not asked again for `days` days (spec 000 §9: 30 after a vote, 14 after a decline). */
export function writeSurveyCookie(value: 'voted' | 'declined', days: number): void {
  document.cookie = `${SATISFACTION_COOKIE}=${value}; path=/; max-age=${days * 24 * 60 * 60}; SameSite=Lax`;
}

/**
 * The satisfaction survey (spec 000 §9): five stars, 5 s after entering the admin, unless its
 * cookie is set or the user is internal (internal users are exempt, §6).
 */
export function SatisfactionSurvey() {
  const { t } = useTranslation('clients.storage');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [rate, setRate] = useState(0);
  const exempt = !user || user.internal;

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

  if (exempt) return null;
  const stars = [1, 2, 3, 4, 5].map((value) => t(`satisfaction.stars.${value}`));
  return (
    <Modal
      open={open}
      title={t('satisfaction.title')}
      onCancel={decline}
      maskClosable={false}
      width={440}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={decline} disabled={send.isPending}>
            {t('satisfaction.later')}
          </Button>
          <Button type="primary" disabled={rate === 0} loading={send.isPending} onClick={() => send.mutate(rate)}>
            {t('satisfaction.send')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('satisfaction.text')}</Typography.Paragraph>
      <div className="satisfaction-rate" role="group" aria-label={t('satisfaction.rate')}>
        <Rate value={rate} onChange={setRate} tooltips={stars} style={{ fontSize: 32 }} />
        {rate > 0 && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
            {stars[rate - 1]}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
