import type { LegalDocumentName } from './legal';

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
  'cookie-policy': `This policy explains how this shop uses cookies and similar browser storage on its website and in the customer dashboard. We keep this to the minimum needed to run the service.

## What we store and why
We do not use advertising or cross-site tracking cookies. The dashboard keeps a few values in your browser's local storage:

- Sign-in token and account summary: keep you signed in between visits. They are removed when you log out or your session expires.
- Theme: remembers whether you chose the light or dark theme.
- Interface preferences: which panel and menu item you used last, whether you have read the FAQ and whether depleted plans are hidden.

These values never leave your browser except the sign-in token, which is sent to our API to prove who you are.

## Embedded videos and audio
Guides and blog posts may contain a video or audio player from YouTube, Vimeo or SoundCloud. Nothing is loaded from those services until you press play; from then on the player comes from the provider (YouTube in its privacy-enhanced mode, Vimeo with do-not-track) under its own cookie policy.

## Third-party services
When you pay by card or crypto you are sent to the payment provider's own pages, which may set their own cookies for fraud prevention under their policies. Social sign-in, if you use it, works the same way.

## Your choices
You can clear site data in your browser settings at any time; you will then be signed out and the theme resets to light. Blocking storage entirely prevents signing in to the dashboard, but the public pages keep working.

## Contact
Questions about this policy can be sent through a support ticket from your dashboard.`,
  'privacy-policy-extension': `The browser extension lets you switch your browser's proxy settings to your proxies in one click. This policy describes exactly what the extension can access and what it does with it.

## Data the extension handles
- Your proxy credentials, which you enter yourself. They are kept in the extension's local storage on your device and used only to log in to your proxy.
- Your proxy preferences: selected country, rotation mode and bypass list, stored locally.
- The browser's proxy setting: the extension needs the proxy permission to apply the proxy you choose and to restore the direct connection when you turn it off.

## What the extension does not do
- It does not read, collect or sell your browsing history or the content of the pages you visit.
- It does not inject ads, scripts or trackers into websites.
- It does not share any data with third parties.

Traffic you send through a proxy passes our gateway like any proxy connection; we meter bytes for billing and keep connection logs for abuse prevention as described in our terms, never the content of encrypted traffic.

## Retention and deletion
Everything the extension stores lives on your device. Removing the extension, or using its Sign out button, deletes it. Account data held by us can be deleted from your dashboard settings.

## Changes and contact
We will update this page before any change to what the extension accesses, and the browser will ask you to approve new permissions. Contact us through a support ticket with any questions.`,
};
