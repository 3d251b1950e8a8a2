import { Alert, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaptchaCheck, JsonApiRecord, Lang, RequestEntity, RequestTypeId } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { useRequestsBulk, useUnverifiedSummary } from './request-api.ts';
import { IconButton } from '../../kit/IconButton.tsx';

/**
 * The request screens' part of the smart captcha's outages (docs/decisions/captcha.md): the mark
 * of a request whose captcha could not be checked, the notice of the site's requests held for it
 * with the outage counter, and releasing or deleting requests, one or the list's selection, each
 * after a confirmation.
 */
type Row = JsonApiRecord<RequestEntity>;

/** A request's captcha mark as a tag; nothing when the captcha was checked. */
export function CaptchaMark({ check }: { check: CaptchaCheck | null | undefined }) {
  const { t } = useTranslation('request.storage');
  if (!check) return null;
  return <Tag color={check === 'unverified' ? 'orange' : 'default'}>{t(`captcha.${check}`)}</Tag>;
}

/** The notice of the site's held requests (how many here and on the site) and of the captcha service's outages. */
export function UnverifiedNotice({ siteId, type, filtering, onShow }: { siteId: string; type: RequestTypeId; filtering: boolean; onShow: () => void }) {
  const { t } = useTranslation('request.storage');
  const summary = useUnverifiedSummary(siteId);
  const data = summary.data;
  if (!data?.held) return null;
  const inList = data.held_by_type[String(type)] ?? 0;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('captcha.alert_title', { count: data.held })}
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text>{t('captcha.alert_text')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('captcha.alert_in_list', { count: inList })}{' '}
            {data.outages > 0 && data.last_outage_at ? t('captcha.alert_outages', { count: data.outages, date: formatDateTime(data.last_outage_at) }) : null}
          </Typography.Text>
          {inList > 0 && !filtering && <Button size="small" onClick={onShow}>{t('captcha.show')}</Button>}
        </Space>
      }
    />
  );
}

/** The release of one request whose captcha is not verified, after a confirmation. */
export function ReleaseButton({ siteId, record, lang }: { siteId: string; record: Row; lang: Lang }) {
  const { t } = useTranslation(['request.storage', 'common']);
  const { release } = useRequestsBulk(siteId);
  const run = () =>
    release.mutateAsync([record.id]).then(
      (answer) => notify.success(t('captcha.released_notice', { count: answer.released })),
      (error: unknown) => notify.error(errorTitle(error, lang)),
    );
  return (
    <Popconfirm title={t('captcha.release_confirm')} okText={t('captcha.release')} cancelText={t('common:actions.cancel')} onConfirm={run}>
      <IconButton size="small" type="text" icon={<CheckCircleOutlined aria-hidden />} aria-label={t('captcha.release_one', { id: record.id })} loading={release.isPending} />
    </Popconfirm>
  );
}

/** What the list's selection can be given: release (of its unverified requests) and delete, each confirmed. */
export function SelectionActions({ siteId, selected, lang, canRelease, canDelete, onDone }: { siteId: string; selected: Row[]; lang: Lang; canRelease: boolean; canDelete: boolean; onDone: () => void }) {
  const { t } = useTranslation(['request.storage', 'common']);
  const { release, remove } = useRequestsBulk(siteId);
  if (!selected.length) return null;
  const unverified = selected.filter((row) => row.attributes.captcha_check === 'unverified');
  const done = (notice: string) => {
    notify.success(notice);
    onDone();
  };
  const failed = (error: unknown) => notify.error(errorTitle(error, lang));
  return (
    <Space wrap className="request-selection" role="group" aria-label={t('captcha.selected', { count: selected.length })}>
      <Typography.Text strong>{t('captcha.selected', { count: selected.length })}</Typography.Text>
      {canRelease && (
        <Popconfirm
          title={t('captcha.release_many_confirm', { count: unverified.length })}
          okText={t('captcha.release')}
          cancelText={t('common:actions.cancel')}
          disabled={!unverified.length}
          onConfirm={() => release.mutateAsync(unverified.map((row) => row.id)).then((answer) => done(t('captcha.released_notice', { count: answer.released })), failed)}
        >
          <Button icon={<CheckCircleOutlined aria-hidden />} disabled={!unverified.length} loading={release.isPending}>
            {t('captcha.release')} ({unverified.length})
          </Button>
        </Popconfirm>
      )}
      {canDelete && (
        <Popconfirm
          title={t('captcha.delete_many_confirm', { count: selected.length })}
          okText={t('common:actions.delete')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync(selected.map((row) => row.id)).then((answer) => done(t('captcha.deleted_notice', { count: answer.deleted })), failed)}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>
            {t('common:actions.delete')} ({selected.length})
          </Button>
        </Popconfirm>
      )}
      <Button type="link" onClick={onDone}>{t('captcha.clear_selection')}</Button>
    </Space>
  );
}
