import { Button, Input } from 'antd';
import type { SearchProps } from 'antd/es/input/Search';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * antd's search box with its button named ("Search"), so that a screen reader and the test of
 * every button's name find it; otherwise the same.
 */
export function SearchInput(props: SearchProps) {
  const { t } = useTranslation('common');
  return <Input.Search enterButton={<Button icon={<SearchOutlined aria-hidden />} aria-label={t('actions.search')} />} {...props} />;
}
