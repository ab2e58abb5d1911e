import type { FastifyBaseLogger } from 'fastify';
import type { Sealer } from '#platform/auth/sealed.ts';
import type { TokenService } from '#platform/auth/tokens.ts';
import type { Config } from '#platform/config/env.ts';
import type { Db } from '#platform/db/client.ts';
import type { AfterAnswer } from '#platform/jobs/after-answer.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTemplates } from '#platform/mail/templates.ts';

/** What registration, sign-in and two-factor need from the platform, built once in app.ts. */
export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  mail: MailTemplates;
  tokens: TokenService;
  /** Seals TOTP secrets at rest. */
  sealer: Sealer;
  log: FastifyBaseLogger;
  /** Work that must not change how long an answer takes (mail about whether an address exists). */
  afterAnswer: AfterAnswer;
  /**
   * What a new customer account brought with it (ADR 032, 036): the referral code and the partner
   * it came through. Wired in app.ts; its failure never fails the sign-up.
   */
  onSignUp?: SignUpHook;
  /** A sign-in refused: wrong credentials, held back after repeated failures, a wrong second factor (metrics). */
  signInRefused?: (reason: 'credentials' | 'throttled' | 'second_factor') => void;
}

export type SignUpHook = (signUp: {
  accountId: string;
  email: string;
  referralCode: string | null | undefined;
  partnerCode: string | null | undefined;
  visitorKey: string | null | undefined;
  ip: string | null;
  /** Accounts the signing-up browser has signed in to before (its device cookie, ADR 047). */
  deviceAccounts: string[];
}) => Promise<void>;

/** Where a request came from, for sessions and security mail. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  /** Base URL for links in mail. */
  origin: string;
  /** The partner-visit cookie's value, if the browser sent one (ADR 036). */
  visitorKey?: string | null;
  /** The request's Cookie header, for the device cookie (ADR 047). */
  cookieHeader?: string | null;
}
