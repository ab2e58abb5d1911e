import type { AppModule } from '#platform/module.ts';
import type { TicketsDeps } from './tickets.deps';
import { ticketsRoutes } from './tickets.routes';

/** Support tickets (issue 15): the customer's tickets, the staff desk, everyone's ticket notifications. */
export function ticketsModule(deps: TicketsDeps): AppModule {
  return { routes: ticketsRoutes(deps) };
}
