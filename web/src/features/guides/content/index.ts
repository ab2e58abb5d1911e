import type { GuideModule } from './types.ts';

/** One chunk per guide: a reader downloads only the guide they open. */
export const GUIDE_CONTENT: Record<string, () => Promise<GuideModule>> = {
  'tollgate-extension': () => import('./tollgate-extension.tsx'),
  'switchy-omega-proxy': () => import('./switchy-omega-proxy.tsx'),
  'foxy-proxy': () => import('./foxy-proxy.tsx'),
  bitbrowser: () => import('./bitbrowser.tsx'),
  dicloak: () => import('./dicloak.tsx'),
  dolphin: () => import('./dolphin.tsx'),
  adspower: () => import('./adspower.tsx'),
  android: () => import('./android.tsx'),
  iphone: () => import('./iphone.tsx'),
  'extend-my-plan': () => import('./extend-my-plan.tsx'),
  'sticky-proxies': () => import('./sticky-proxies.tsx'),
  'country-settings': () => import('./country-settings.tsx'),
  'renew-auto-plan': () => import('./renew-auto-plan.tsx'),
  subusers: () => import('./subusers.tsx'),
  'create-api-link': () => import('./create-api-link.tsx'),
  'integration-codes': () => import('./integration-codes.tsx'),
  'proxy-checker': () => import('./proxy-checker.tsx'),
};
