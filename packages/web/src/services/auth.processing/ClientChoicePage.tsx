import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, LOGOUT_PATH } from '../../app/guards.ts';
import { finishClientChoice, rememberedClient, useSession } from '../../app/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { SwitchLoader, useClientSwitch } from './useClientSwitch.tsx';
import './client-switch.css';
import { SearchInput } from '../../kit/SearchInput.tsx';

/**
 * /auth.processing/auth/: right after sign-in a user with several clients chooses the client to
 * act as (shown only while authorising). A client chosen here before is taken again at once.
 */
export default function ClientChoicePage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { switchTo, switching } = useClientSwitch();
  const [search, setSearch] = useState('');
  const [restoring, setRestoring] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  const last = user ? rememberedClient(user.id) : null;

  const done = (clientId: number | null) => {
    navigate(from && from !== '/' ? from : HOME_PATH, { replace: true });
    finishClientChoice(clientId);
  };

  const choose = async (clientId: number) => {
    if (!user) return;
    // The session already acts as this client: nothing to re-authenticate.
    if (user.client?.id === clientId) return done(clientId);
    if (await switchTo(clientId, 'auth_with_client', { quiet: true })) done(clientId);
  };

  // The client chosen last time is taken again without asking.
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current || !user || last === null) return;
    tried.current = true;
    const client = user.clients.find((c) => c.id === last);
    if (!client) return;
    setRestoring(client.name);
    void choose(client.id).finally(() => setRestoring(null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, last]);

  const clients = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (user?.clients ?? []).filter((client) => !needle || client.name.toLowerCase().includes(needle));
  }, [user, search]);
  if (!user) return null;

  return (
    <AuthCard
      wide
      title={t('client_choice.title')}
      subtitle={t('client_choice.subtitle')}
      footer={<Link to={LOGOUT_PATH}>{t('client_choice.logout')}</Link>}
      after={<SwitchLoader spinning={switching} text={restoring ? t('client_choice.restoring', { name: restoring }) : undefined} />}
    >
      {user.clients.length > 6 && (
        <SearchInput
          allowClear
          autoFocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('client_choice.search')}
          aria-label={t('client_choice.search')}
          className="client-choice__search"
        />
      )}
      {clients.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('client_choice.no_match', { search: search.trim() })} />
      ) : (
        <div className="client-choice__grid" role="list">
          {clients.map((client) => (
            <div role="listitem" key={client.id}>
              <button type="button" className="client-choice__card" onClick={() => void choose(client.id)} disabled={switching} aria-label={client.name}>
                <Avatar style={{ backgroundColor: '#1f5eff', flex: 'none' }} aria-hidden>
                  {client.name.slice(0, 1).toUpperCase()}
                </Avatar>
                <span className="client-choice__body">
                  <span className="client-choice__name">{client.name}</span>
                  {(client.id === user.default_client?.id || client.id === last) && (
                    <span className="client-choice__tags">
                      {client.id === user.default_client?.id && <Tag variant="filled">{t('client_choice.default')}</Tag>}
                      {client.id === last && (
                        <Tag color="blue" variant="filled">
                          {t('client_choice.last')}
                        </Tag>
                      )}
                    </span>
                  )}
                </span>
              </button>
            </div>
          ))}
        </div>
      )}
    </AuthCard>
  );
}
