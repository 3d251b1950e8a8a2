import { useCallback, useState } from 'react';
import { Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthResult } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { clientSwitched } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';

export type SwitchCall = 'auth_with_client' | 'join_client';

/** The full-screen loader shown while a switch re-authenticates (spec 000 §4). */
export function SwitchLoader({ spinning, text }: { spinning: boolean; text?: string }) {
  const { t } = useTranslation('auth');
  return <Spin fullscreen spinning={spinning} size="large" description={text ?? t('client_switch.switching')} aria-live="polite" />;
}

/**
 * Client switching (spec 000 §4, §8): loader on, re-authentication as the chosen client through
 * auth_with_client (or join_client for root), the new session stored, the site filter reset and
 * every cached answer refetched; a failure hides the loader and shows the error. Resolves to the
 * new session, or null after a failure.
 */
export function useClientSwitch() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);

  const switchTo = useCallback(
    async (clientId: number | null, call: SwitchCall = 'auth_with_client', { quiet = false } = {}): Promise<AuthResult | null> => {
      setSwitching(true);
      // Nothing of the old session may land after the switch.
      await queryClient.cancelQueries();
      try {
        const result = await api.post<AuthResult>(gatewayPath('auth.processing', call), { client_id: clientId });
        clientSwitched(result);
        await queryClient.invalidateQueries();
        if (!quiet) {
          const client = result.user.client;
          notify.success(client ? t('client_switch.switched', { name: client.name }) : t('client_switch.switched_none'), undefined, 'client-switch');
        }
        return result;
      } catch (error) {
        notify.error(t('client_switch.failed'), errorTitle(error), 'client-switch');
        return null;
      } finally {
        setSwitching(false);
      }
    },
    [queryClient, t],
  );

  return { switchTo, switching };
}
