import type { LegalDocumentName } from '@tollgate/contract/general/legal';

/**
 * What a fresh shop shows until its operator writes their own (Administrator: Legal texts).
 * Plain paragraphs; `## ` starts a heading and `- ` a list item, as the editor explains.
 */
export const DEFAULT_LEGAL_TEXTS: Record<LegalDocumentName, string> = {
  terms: `These terms apply to every account and every proxy plan bought in this shop. By creating an account you accept them and the Acceptable Use Policy.

## Your account
- You give a working email address and keep your password and API keys secret.
- You are responsible for everything done with your account, your proxy credentials and your whitelisted addresses.
- One person or company per account. Staff may disable an account that breaks these terms.

## Plans and payment
- Prices are shown before you pay: per GB, per thread or per package, for the number of days stated.
- Your balance is prepaid and used for purchases and renewals. Deposits are not refunded as cash once spent.
- A plan ends when its days run out or its bandwidth is used up, unless it is renewed.

## Service
We aim for the uptime shown on the status page but do not promise uninterrupted service. We may change prices for future purchases; a plan you bought keeps the price you paid.

## Ending
You can delete your account at any time from your settings. Deleting it ends your plans and proxy access.`,
  'acceptable-use': `Proxies from this shop may only be used lawfully. This policy is part of the Terms of Service.

## Not allowed
- Anything illegal where you, the target or the exit are located.
- Sending spam, phishing, malware, or fraud of any kind.
- Attacks: denial of service, credential stuffing, scanning or breaking into systems you do not own.
- Access to content that exploits children, or to accounts and data that are not yours to use.
- Reselling access without a reseller agreement.

## What we do
We may throttle, suspend or end a plan used against this policy, and cooperate with lawful requests from authorities. Report abuse through the support channels listed on the site.`,
};
