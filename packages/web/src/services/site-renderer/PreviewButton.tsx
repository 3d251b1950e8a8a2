import { Button, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';

/** The states a preview link is made for, and the service each lives in. */
const SERVICES = { page_states: 'sites.context', layout_states: 'sites.context', stage_states: 'content.storage' } as const;
export type PreviewKind = keyof typeof SERVICES;

interface PreviewLink {
  url: string;
  expires_at: string;
}

/**
 * "Preview": opens the state (a draft, or any version) on the site's own host in a new tab, as it
 * would be published and marked as a preview. The server makes a short-lived signed
 * link; the tab is opened at the click (so no popup blocker stops it) and sent there once the link
 * is known, cut off from this window (no `opener`).
 */
export function PreviewButton({ kind, stateId }: { kind: PreviewKind; stateId: string | number | null | undefined }) {
  const { t } = useTranslation('site-renderer');
  const { lang } = useSession();
  const make = useMutation({ mutationFn: () => api.post<PreviewLink>(gatewayPath(SERVICES[kind], `${kind}/${stateId}/preview`)) });
  const open = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    make.mutate(undefined, {
      onSuccess: (link) => {
        if (tab) tab.location.replace(link.url);
        else window.location.assign(link.url);
      },
      onError: (error) => {
        tab?.close();
        notify.error(t('failed'), errorTitle(error, lang));
      },
    });
  };
  if (stateId === null || stateId === undefined) return null;
  return (
    <Tooltip title={t('hint')}>
      <Button icon={<EyeOutlined aria-hidden />} onClick={open} loading={make.isPending} data-testid="preview-button">
        {t('preview')}
      </Button>
    </Tooltip>
  );
}
