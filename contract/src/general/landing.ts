import { z } from 'zod';
import { CUSTOMERS, PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/** Spec §3: chat-community, messaging, photo-sharing, microblog and social-network services. */
export const SOCIAL_SERVICES = ['Discord', 'Telegram', 'Instagram', 'Twitter', 'Facebook'] as const;

export const socialLinkSchema = z.object({
  social: z.enum(SOCIAL_SERVICES),
  link: z.url(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** The reseller panel's page in this app (ADR 044): where the sidebar's reseller dashboard link goes unless configured. */
export const RESELLER_PANEL_PATH = '/reseller/panel';
/** A destination the seller names: another site (http or https), or a page of this app by its path (`/reseller/panel`). */
export const siteLinkSchema = z.union([
  z.url({ protocol: /^https?$/, error: 'an http(s) address or a path such as /reseller/panel' }),
  z.string().regex(/^\/(?![/\\])\S*$/, 'an http(s) address or a path such as /reseller/panel'),
]);

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  level: z.enum(['info', 'success', 'warning']),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const faqItemSchema = z.object({ question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItemSchema>;

export const SERVICE_STATES = ['operational', 'degraded', 'outage', 'maintenance'] as const;
export const statusSchema = z.object({
  overall: z.enum(SERVICE_STATES),
  message: z.string(),
  components: z.array(z.object({ name: z.string(), state: z.enum(SERVICE_STATES) })),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ServiceStatus = z.infer<typeof statusSchema>;

export const landingPayloadSchema = z.object({
  SocialLinks: z.object({ value: z.array(socialLinkSchema) }),
  Copyright: z.string(),
  Announcements: z.array(announcementSchema),
  FAQ: z.array(faqItemSchema),
  Status: statusSchema,
  /** External destinations named by the seller: browser-extension store and reseller dashboard. */
  Links: z.object({
    extensionStore: z.url(),
    /** The reseller dashboard: the reseller panel by default (a path), or an external site. */
    resellerDashboard: siteLinkSchema,
    /** The seller's video walkthrough of the extension, shown in the extension guide when set. */
    walkthroughVideo: z.url().optional(),
  }),
});
export type LandingPayload = z.infer<typeof landingPayloadSchema>;

export const landing = defineEndpoint({
  method: 'GET',
  path: '/api/v1/landing',
  roles: PUBLIC,
  tag: 'General',
  summary: 'Public site data: social links, copyright, announcements, FAQ and service status',
  message: 'Landing data',
  payload: landingPayloadSchema,
});

export const announcements = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/announcements',
  roles: CUSTOMERS,
  tag: 'General',
  summary: 'Announcements for the customer area, newest first',
  message: 'Announcements list',
  payload: z.object({ announcements: z.array(announcementSchema) }),
});
