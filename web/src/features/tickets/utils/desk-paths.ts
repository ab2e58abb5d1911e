import { generatePath } from 'react-router';
import { staffPaths, type StaffPanel } from '#lib/staff-paths.ts';

/** Where the ticket desk of one panel links: its list, its tickets and the customer's account page. */
export interface DeskPaths {
  tickets: string;
  ticket: (ticket: string) => string;
  account: (userId: string) => string;
}

export const deskPaths = (panel: StaffPanel): DeskPaths => ({
  tickets: staffPaths[panel].tickets,
  ticket: (ticket) => generatePath(staffPaths[panel].ticket, { ticket }),
  account: (userId) => generatePath(staffPaths[panel].account, { userId }),
});
