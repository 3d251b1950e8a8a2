import { Button, Dropdown, Tag, Typography, type MenuProps } from 'antd';
import { CheckOutlined, DownOutlined, LoginOutlined, LogoutOutlined, ShopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, type MeUser } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { SwitchLoader, useClientSwitch } from './useClientSwitch.tsx';
import './client-switch.css';

export const ROOT_PATH = '/auth.processing/root/';

/** What the top bar offers a user: own clients, the way back from a joined client, logging in as any client. */
export function switchOptions(user: Pick<MeUser, 'clients' | 'client' | 'joined_client' | 'default_client' | 'internal' | 'permissions'>) {
  const current = user.client;
  const canJoin = user.internal && hasPermission(user.permissions, 'auth.processing', 'root');
  const outsideOwn = !!current && !user.clients.some((own) => own.id === current.id);
  // Back from a joined (or any foreign) client: to the default client, else the first own one, else none.
  const back = user.joined_client || outsideOwn ? (user.default_client?.id ?? user.clients[0]?.id ?? null) : undefined;
  const available = user.clients.length + (outsideOwn ? 1 : 0);
  return { current, canJoin, back, switchable: available > 1 || back !== undefined || canJoin };
}

/**
 * The current client in the top bar (data-testid current-client). A dropdown switches to another
 * client only when more than one is available (spec 000 §6); an internal root holder can also go
 * to /auth.processing/root/ and, after joining a client, back.
 */
export function ClientSwitch() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { user } = useSession();
  const { switchTo, switching } = useClientSwitch();
  if (!user) return null;
  const { current, canJoin, back, switchable } = switchOptions(user);
  if (!current && !canJoin) return null;

  const name = current?.name ?? t('client_switch.none');
  const label = (
    <span className="client-switch__label">
      <ShopOutlined aria-hidden />
      <Typography.Text ellipsis className="client-switch__name">
        {name}
      </Typography.Text>
      {user.joined_client && (
        <Tag color="gold" variant="filled" className="client-switch__joined">
          {t('client_switch.joined')}
        </Tag>
      )}
    </span>
  );
  if (!switchable) {
    return (
      <span className="client-switch client-switch--static" data-testid="current-client" title={name}>
        {label}
      </span>
    );
  }

  const items: MenuProps['items'] = [];
  if (user.clients.length > 0) {
    items.push({
      key: 'own',
      type: 'group',
      label: t('client_switch.own_clients'),
      children: user.clients.map((client) => ({
        key: `client:${client.id}`,
        label: client.name,
        icon: client.id === current?.id && !user.joined_client ? <CheckOutlined aria-hidden /> : <span className="client-switch__no-icon" />,
        disabled: client.id === current?.id && !user.joined_client,
        onClick: () => void switchTo(client.id),
      })),
    });
  }
  if (back !== undefined && current) {
    items.push({ type: 'divider' });
    items.push({ key: 'back', icon: <LogoutOutlined aria-hidden />, label: t('client_switch.leave_joined', { name: current.name }), onClick: () => void switchTo(back) });
  }
  if (canJoin) {
    items.push({ type: 'divider' });
    items.push({ key: 'join', icon: <LoginOutlined aria-hidden />, label: t('client_switch.join'), onClick: () => navigate(ROOT_PATH) });
  }

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" rootClassName="top-bar-popup">
        <Button type="text" className="client-switch" data-testid="current-client" aria-label={t('client_switch.current', { name })} loading={switching}>
          {label}
          <DownOutlined aria-hidden className="client-switch__caret" />
        </Button>
      </Dropdown>
      <SwitchLoader spinning={switching} />
    </>
  );
}
