import { describe, expect, it } from 'vitest';
import { myTicketStats } from '@tollgate/contract/tickets/tickets';
import { ticketStatsRoute } from './unread-tickets.ts';

describe('the sidebar count handle', () => {
  it('matches the ticket stats endpoint it stands in for', () => {
    expect(ticketStatsRoute).toEqual({
      method: myTicketStats.method,
      path: myTicketStats.path,
      roles: myTicketStats.roles,
    });
  });
});
