import type { AppModule } from '#platform/module.ts';
import type { NoticeDelivery } from './notice-delivery';

/** The minute's sweep of what the notices table still owes (ADR 019), for the app and the CLI alike. */
export const noticesJob = (delivery: NoticeDelivery) => ({
  name: 'notices-deliver',
  cron: '* * * * *',
  run: () => delivery.drain(),
});

/**
 * Receipts, reminders and staff-change mail (ADR 019, delivered through the outbox, ADR 056): no
 * endpoints of their own; `drain` is what requests and other modules' jobs call after an event.
 */
export function noticesModule(delivery: NoticeDelivery): AppModule & { drain(): Promise<unknown> } {
  return {
    routes: [],
    jobs: [noticesJob(delivery)],
    // The batch in hand is finished and nothing new is claimed.
    hooks: { onClose: () => delivery.stop() },
    drain: () => delivery.drain(),
  };
}
