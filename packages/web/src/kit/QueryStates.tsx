import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorTitle } from './api.ts';
import { IconButton } from './IconButton.tsx';

/** What the two need of a TanStack query (or of a list hook that has the same fields). */
interface Refetchable {
  refetch: () => unknown;
  isFetching: boolean;
  isLoading: boolean;
}

/** A page header's refresh button: reloads the query, spinning while a reload (not the first load) runs. */
export function RefreshButton({ query }: { query: Refetchable }) {
  const { t } = useTranslation('common');
  return (
    <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('actions.refresh')} title={t('actions.refresh')} onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading} />
  );
}

/** A page's data that did not load: the reason in the reader's language and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Result status="error" title={t('load_failed')} subTitle={errorTitle(error)} extra={<Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>{t('actions.retry')}</Button>} />
  );
}
