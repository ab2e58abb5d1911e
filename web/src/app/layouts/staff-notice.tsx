import { Alert } from '#components/ui/alert.tsx';

/**
 * The notice staff leave on an account (spec §3 Account message). It stays until staff clear it,
 * so the customer cannot dismiss something support may still need them to act on.
 */
export function StaffNotice({ message }: { message: string }) {
  return (
    <Alert tone="warning" title="A message from our team" className="mb-6 [overflow-wrap:anywhere]">
      <p className="whitespace-pre-line" data-testid="staff-notice">
        {message}
      </p>
    </Alert>
  );
}
