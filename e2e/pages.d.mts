import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

export interface Shop {
  /** The customer's demo ticket (an image, a staff answer and an internal note). */
  ticketId: string;
  planId: string;
  billId: string;
  invoiceId: string;
  resellerId: string;
  /** A news campaign sent to the signed-in customer, and a draft for the composer (set by prepareShop). */
  campaignId?: string;
  campaignDraftId?: string;
  /** The demo customer's account id (the staff account pages show it). */
  customerId: string;
  /** The demo blog post (published, with a banner, a category and a YouTube link). */
  blogPostId: string;
  blogPostSlug: string;
  /** The demo programme member's sub-user (prepareMember), with a residential plan sold to them. */
  memberSubUserId: string;
  /** The demo reseller's seeded sub-user (ADR 044). */
  resellerSubUserId: string;
}
export interface SignInPayload {
  accessToken: string;
  user: { id: string } & Record<string, unknown>;
}
export interface ListedPage {
  name: string;
  path: string;
  account?: 'admin' | 'customer' | 'support' | 'member' | 'reseller';
  waitFor?: string;
  act?: (page: Page) => Promise<void>;
  viewportOnly?: boolean;
  storage?: Record<string, string>;
}
/** A well-formed link token the server does not know: link pages show their form or their error. */
export declare const TOKEN: string;
export declare const DEMO_PNG_BASE64: string;
export declare function demoBannerPng(width?: number, height?: number): Buffer;
export declare function prepareShop(
  request: APIRequestContext,
  signIn: (account: 'admin' | 'manager' | 'customer' | 'member' | 'reseller') => Promise<SignInPayload>,
): Promise<Shop>;
export declare function pagesFor(shop: Shop): ListedPage[];
/** A sign-in that signs each account in once and reuses its session. */
export declare function signInOnce(
  baseURL: string,
): (request: APIRequestContext, account: string) => Promise<SignInPayload>;
export declare function seedBrowser(
  context: BrowserContext,
  options: { theme: 'light' | 'dark' | 'system'; session?: SignInPayload | null; extra?: Record<string, string> },
): Promise<void>;
export declare function showPage(page: Page, shot: ListedPage): Promise<void>;
