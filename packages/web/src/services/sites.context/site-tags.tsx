import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

const STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 3: 'gold' };
const TYPE_COLORS: Record<number, string> = { 1: 'purple', 2: 'geekblue', 3: 'default' };

/**
 * A site's status (1 published, 2 draft, 3 pending) as a coloured tag. A list's cell renders it
 * through this function, so that the table kit reads its text and sizes the column to it.
 */
export function siteStatusTag(t: TFunction, status: number) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="site-status">
      {t(`sites.context:sites.statuses.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

/** A site's type (1 official demo, 2 official master, 3 client) as a coloured tag; in a list, as siteStatusTag. */
export function siteTypeTag(t: TFunction, type: number) {
  return <Tag color={TYPE_COLORS[type]}>{t(`sites.context:sites.types.${type}`, { defaultValue: String(type) })}</Tag>;
}

export function SiteStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('sites.context');
  return siteStatusTag(t, status);
}

export function SiteTypeTag({ type }: { type: number }) {
  const { t } = useTranslation('sites.context');
  return siteTypeTag(t, type);
}
