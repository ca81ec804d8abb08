import { useEffect } from 'react';
import { Navigate } from 'react-router';
import toast from 'react-hot-toast';

/** Says why, once, and goes elsewhere. */
export function Leave({ to, message }: { to: string; message: string }) {
  useEffect(() => {
    toast.error(message, { id: message });
  }, [message]);
  return <Navigate to={to} replace />;
}
