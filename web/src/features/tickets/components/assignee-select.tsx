import { assignTicket } from '@tollgate/contract/tickets/tickets';
import { Select } from '#components/ui/select.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useAssignTicket, useTicketAssignees } from '../api/staff-tickets.ts';

/** Who answers this ticket; changing it saves at once. */
export function AssigneeSelect({
  ticketId,
  assignee,
}: {
  ticketId: string;
  assignee: { id: string; username: string } | null;
}) {
  const assignees = useTicketAssignees();
  const assign = useAssignTicket(ticketId);
  const options = assignees.data ?? (assignee ? [assignee] : []);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Select
        label="Assignee"
        value={assignee?.id ?? ''}
        disabled={assign.isPending}
        onChange={(event) =>
          assign.mutate(event.target.value || null, {
            onSuccess: () => void notify('success', assignTicket.message),
            onError: (error) => void notify('error', errorMessage(error)),
          })
        }
      >
        <option value="">Unassigned</option>
        {options.map((staff) => (
          <option key={staff.id} value={staff.id}>
            {staff.username}
          </option>
        ))}
      </Select>
    </div>
  );
}
