import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FullPageLoader } from '../../kit/PageLoader.tsx';
import { logout } from '../../app/session.ts';

/** /logout: ends the session on the server, clears the stored auth and goes to sign-in. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    void logout().then(() => {
      queryClient.clear();
      if (active) navigate('/', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);
  return <FullPageLoader />;
}
