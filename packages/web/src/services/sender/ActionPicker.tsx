import type { ReactNode } from 'react';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestSettingAction } from '@dp/contracts';
import { useAvailableActions } from './sender-api.ts';

/**
 * The request settings' choice of an action (request.storage's settings form): the site's e-mail
 * templates and proxy actions by title, grouped by kind, then the platform's central proxy actions
 * tagged "Central"; the value is `{ kind, id }`. An action that is gone (deleted) still shows as
 * its kind and number.
 */
export function ActionPicker({ siteId, value, onChange, id, 'aria-label': label }: { siteId: string; value?: Partial<RequestSettingAction>; onChange?: (value: RequestSettingAction | undefined) => void; id?: string; 'aria-label'?: string }) {
  const { t } = useTranslation('sender');
  const actions = useAvailableActions(siteId);
  const key = value?.kind && value.id ? `${value.kind}:${value.id}` : undefined;
  const known = actions.data?.some((action) => `${action.kind}:${action.id}` === key);
  const group = (kind: RequestSettingAction['kind']) => ({
    label: t(`kinds_plural.${kind}`),
    options: (actions.data ?? []).filter((action) => action.kind === kind).map((action) => {
      const text = action.is_required ? `${action.title} · ${t('lost.required')}` : action.title;
      // A central action is the platform's, shared by every site: tagged so an editor tells it from the site's own.
      const label: ReactNode = kind === 'central_proxy_action' ? <span>{text} <Tag className="sender-picker-tag">{t('picker.central')}</Tag></span> : text;
      return { value: `${kind}:${action.id}`, label, search: text };
    }),
  });
  const options = [group('email_action'), group('proxy_action'), group('central_proxy_action')].filter((entry) => entry.options.length);
  if (key && actions.isSuccess && !known) {
    const label = `${t(`kinds.${value!.kind}`)} #${value!.id}`;
    options.push({ label: t('picker.gone'), options: [{ value: key, label, search: label }] });
  }
  return (
    <Select
      id={id}
      aria-label={label}
      className="sender-picker"
      showSearch={{ optionFilterProp: 'search' }}
      loading={actions.isFetching}
      value={key}
      placeholder={t('picker.placeholder')}
      notFoundContent={actions.isLoading ? undefined : t('picker.empty')}
      options={options}
      onChange={(next: string | undefined) => {
        if (!next) return onChange?.(undefined);
        const [kind, number] = next.split(':') as [RequestSettingAction['kind'], string];
        onChange?.({ kind, id: Number(number) });
      }}
    />
  );
}
