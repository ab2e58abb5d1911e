import { notePartnerVisit } from './partner-visit.ts';

// Imported by main.tsx only when the page was reached through a link, so the entry carries one line.
notePartnerVisit();
