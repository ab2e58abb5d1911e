import type { StaffTicket, Ticket, TicketValue } from '@tollgate/contract/tickets/tickets';

export const TICKET_ID = '7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const XSS = '<script>window.hacked=1</script><img src=x onerror="window.hacked=2">';

export function buildValue(overrides: Partial<TicketValue> = {}): TicketValue {
  return {
    id: crypto.randomUUID(),
    author: 'customer',
    authorName: 'customer',
    body: 'My proxies answer 407.',
    internal: false,
    attachments: [],
    createdAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    _id: TICKET_ID,
    subject: 'Proxies answer 407',
    category: 'proxies',
    status: 'open',
    plan: null,
    unread: false,
    messageCount: 1,
    lastMessageAt: '2026-11-24T09:00:00.000Z',
    createdAt: '2026-11-24T09:00:00.000Z',
    closedAt: null,
    values: [buildValue()],
    ...overrides,
  };
}

export function buildStaffTicket(overrides: Partial<StaffTicket> = {}): StaffTicket {
  return {
    ...buildTicket(),
    customer: { id: '3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11', username: 'customer', email: 'customer@tollgate.local' },
    assignee: null,
    account: {
      id: '3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11',
      username: 'customer',
      email: 'customer@tollgate.local',
      balance: '$89.90',
      disabled: false,
      createdAt: '2026-11-01T09:00:00.000Z',
      plans: [{ id: 'p1', name: 'Residential Rotating', status: 'active', expiresAt: '2026-12-24T09:00:00.000Z' }],
      recentPayments: [
        { id: 'pay1', kind: 'purchase', total: '$35.10', status: 'paid', createdAt: '2026-11-20T09:00:00.000Z' },
      ],
    },
    ...overrides,
  };
}
