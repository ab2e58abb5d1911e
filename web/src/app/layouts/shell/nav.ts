import type { ComponentType } from 'react';
import {
  Activity,
  Award,
  BarChart3,
  Gift,
  Handshake,
  Share2,
  BookOpen,
  Compass,
  Newspaper,
  Tags,
  Boxes,
  CircleHelp,
  ClipboardList,
  FileText,
  Globe,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Package,
  PlugZap,
  ReceiptText,
  ScrollText,
  ShoppingBag,
  Store,
  Layers,
  ShieldCheck,
  Lightbulb,
  TicketPercent,
  Users,
  Wallet,
} from 'lucide-react';
import { canSeeArea, canUseSwitch, type PANEL_SWITCHES, type StaffArea } from '@tollgate/contract/access/areas';
import type { Role } from '@tollgate/contract/access/roles';
import type { LandingPayload, SocialLink } from '@tollgate/contract/general/landing';
import { paths } from '#lib/paths.ts';
import { growthPaths } from '#lib/growth-paths.ts';
import { staffPaths } from '#lib/staff-paths.ts';

export type IconComponent = ComponentType<{ className?: string }>;

export interface NavItem {
  /** Stored in `selectedMenu` when chosen. */
  key: string;
  label: string;
  icon?: IconComponent;
  social?: SocialLink['social'];
  /** In-app route, or `href` for an external site opened in a new tab. */
  to?: string;
  href?: string;
  /** Also active on the pages below `to` (list screens with new/edit pages). */
  prefix?: boolean;
  /** Also active below this path, where the spec puts a list's own pages elsewhere (/admin/reseller/…). */
  activeUnder?: string;
  /** Something waiting here (unread answers): shown as a count beside the label. */
  count?: number;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

export type PanelSwitchKey = keyof typeof PANEL_SWITCHES;
export interface PanelSwitch {
  key: PanelSwitchKey;
  label: string;
  to: string;
}

export interface ShellNav {
  sections: NavSection[];
  switches: PanelSwitch[];
}

const SWITCHES: Record<PanelSwitchKey, PanelSwitch> = {
  goToAdminPanel: { key: 'goToAdminPanel', label: 'Go to Admin Panel', to: staffPaths.admin.dashboard },
  goToSupportPanel: { key: 'goToSupportPanel', label: 'Go to Support Panel', to: staffPaths.support.trialpage },
  goToUserPanel: { key: 'goToUserPanel', label: 'Go to User Panel', to: paths.dashboard },
};

const switchesFor = (role: Role, keys: PanelSwitchKey[]) =>
  keys.filter((key) => canUseSwitch(key, role)).map((key) => SWITCHES[key]);

type Links = Pick<LandingPayload, 'SocialLinks' | 'Links'>;

/** The configured reseller dashboard when it is another site; the in-app default is the reseller panel (ADR 044). */
const externalResellerDashboard = (landing?: Links): NavItem[] =>
  landing && !landing.Links.resellerDashboard.startsWith('/')
    ? [{ key: 'reseller-dashboard', label: 'Reseller dashboard', icon: Store, href: landing.Links.resellerDashboard }]
    : [];

/** Spec §2 (rule 129): "Connect with us" lists the chat-community and messaging services only. */
const SIDEBAR_SOCIAL: ReadonlyArray<SocialLink['social']> = ['Discord', 'Telegram'];

const socialSection = (landing?: Links): NavSection[] => {
  const social = (landing?.SocialLinks.value ?? []).filter((link) => SIDEBAR_SOCIAL.includes(link.social));
  if (social.length === 0) return [];
  return [
    {
      title: 'Connect with us',
      items: social.map((link) => ({
        key: `social-${link.social}`,
        label: link.social,
        social: link.social,
        href: link.link,
      })),
    },
  ];
};

/**
 * Customer sidebar (spec §2). Only pages that exist are listed; landing data adds the external links;
 * `unreadTickets` counts staff answers not yet read. The reseller dashboard link shows only when it
 * is another site: the in-app default, the reseller panel, is for reseller API accounts, and a
 * customer's own reseller dashboard is the programme page.
 */
export function customerNav(role: Role, landing?: Links, unreadTickets = 0): ShellNav {
  const reseller: NavItem[] = externalResellerDashboard(landing);
  // The programme on the customer's own account (ADR 042): joining, the member's figures and sub-users.
  reseller.push(
    { key: 'reseller-programme', label: 'Reseller programme', icon: Handshake, to: paths.resellerDashboard },
    { key: 'subuser-management', label: 'Sub-users', icon: Users, to: paths.subuserManagement },
    { key: 'api-docs', label: 'API docs', icon: BookOpen, to: paths.apiDocs },
    // The reseller API's own pages (public), beside the full reference of /api-docs.
    { key: 'reseller-api', label: 'Reseller API', icon: PlugZap, to: paths.resellerDocs, prefix: true },
  );

  const sections: NavSection[] = [
    {
      title: 'Main menu',
      items: [
        { key: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, to: paths.dashboard },
        { key: 'plans', label: 'Plans', icon: ShoppingBag, to: paths.plans },
        { key: 'topup', label: 'Deposit', icon: Wallet, to: paths.topup },
        { key: 'invoices', label: 'Invoices', icon: ReceiptText, to: paths.invoices },
        { key: 'proxy-usage', label: 'Proxy usage', icon: BarChart3, to: paths.proxyUsage },
        { key: 'my-coupons', label: 'My coupons', icon: TicketPercent, to: paths.myCoupons },
      ],
    },
    {
      title: 'Referrals',
      items: [
        { key: 'referral', label: 'Referrals', icon: Share2, to: growthPaths.referral },
        { key: 'rewards', label: 'Rewards', icon: Award, to: growthPaths.rewards },
      ],
    },
    {
      title: 'Support',
      items: [
        { key: 'tickets', label: 'Tickets', icon: LifeBuoy, to: paths.tickets, prefix: true, count: unreadTickets },
        { key: 'faq', label: 'FAQs', icon: CircleHelp, to: paths.faq },
        { key: 'proxy-guide', label: 'Proxy Guide', icon: Compass, to: paths.extensionGuide },
      ],
    },
    { title: 'Reseller', items: reseller },
    ...socialSection(landing),
  ];
  return { sections, switches: switchesFor(role, ['goToAdminPanel', 'goToSupportPanel']) };
}

/** The reseller panel's sidebar (ADR 044): the API account's own pages, then the API's documentation. */
export function resellerNav(landing?: Links): ShellNav {
  const { resellerPanel } = paths;
  return {
    sections: [
      {
        title: 'Reseller panel',
        items: [
          { key: 'reseller-overview', label: 'Overview', icon: LayoutDashboard, to: resellerPanel.root },
          { key: 'reseller-orders', label: 'Orders', icon: ReceiptText, to: resellerPanel.orders },
          { key: 'reseller-sub-users', label: 'Sub-users', icon: Users, to: resellerPanel.subUsers, prefix: true },
          { key: 'reseller-api-key', label: 'API key', icon: KeyRound, to: resellerPanel.apiKey },
          ...externalResellerDashboard(landing),
        ],
      },
      {
        title: 'Developers',
        items: [
          // The reseller API's own pages (public), where each call has "try it".
          { key: 'reseller-api', label: 'API docs', icon: BookOpen, to: paths.resellerDocs },
        ],
      },
      ...socialSection(landing),
    ],
    switches: [],
  };
}

/**
 * The staff areas that have screens today, people and money first, the site's content and settings
 * last. `supportTo` is the area's screen in the support panel, where Support has its own copy.
 */
const STAFF_PAGES: Array<{
  area: StaffArea;
  to: string;
  supportTo?: string;
  icon: IconComponent;
  activeUnder?: string;
}> = [
  { area: 'Statistics', to: staffPaths.admin.dashboard, icon: BarChart3 },
  { area: 'User Management', to: staffPaths.admin.accounts, icon: Users },
  { area: 'Resell user', to: staffPaths.admin.resellers, icon: Store, activeUnder: '/admin/reseller/' },
  {
    area: 'Management panel',
    to: staffPaths.support.trialpage,
    icon: ClipboardList,
    activeUnder: '/support/accounts/',
  },
  { area: 'Plan Management', to: staffPaths.admin.plans, icon: Package },
  { area: 'Plans', to: staffPaths.support.plans, icon: Package },
  { area: 'Product Manage', to: staffPaths.admin.productManage, icon: Boxes },
  { area: 'Product API', to: staffPaths.admin.productApi, icon: PlugZap },
  { area: 'Subscriptions', to: staffPaths.admin.subscriptions, icon: Layers },
  { area: 'Change requests', to: staffPaths.admin.changeRequests, icon: ShieldCheck },
  { area: 'Invoices', to: staffPaths.admin.invoices, icon: ReceiptText },
  { area: 'Coupons', to: staffPaths.admin.coupons, icon: TicketPercent },
  { area: 'Gift Management', to: staffPaths.admin.giftManage, icon: Gift },
  {
    area: 'Partners Link',
    to: staffPaths.admin.partnerStatistic,
    icon: Handshake,
    activeUnder: '/admin/partnerslink/',
  },
  { area: 'Tickets', to: staffPaths.admin.tickets, supportTo: staffPaths.support.tickets, icon: LifeBuoy },
  {
    area: 'Suggestions',
    to: staffPaths.admin.suggestions,
    supportTo: staffPaths.support.suggestions,
    icon: Lightbulb,
  },
  { area: 'Blogs', to: staffPaths.admin.blogs, icon: Newspaper },
  { area: 'Category', to: staffPaths.admin.category, icon: Tags },
  { area: 'MAIL Sender', to: staffPaths.admin.mailSender, icon: Mail },
  { area: 'Website Management', to: staffPaths.admin.websiteManagement, icon: Globe },
  { area: 'Legal texts', to: staffPaths.admin.legal, icon: FileText },
  { area: 'General Site Logs', to: staffPaths.admin.generalLogs, icon: ScrollText },
  { area: 'System', to: staffPaths.admin.system, icon: Activity },
];

/** Admin and support sidebars: every existing area the role may see (spec §6), plus the way back. */
export function staffNav(role: Role): ShellNav {
  const items = STAFF_PAGES.filter((page) => canSeeArea(page.area, role)).map((page) => {
    const to = role === 'Support' && page.supportTo ? page.supportTo : page.to;
    return {
      key: to,
      label: page.area,
      icon: page.icon,
      to,
      prefix: true,
      ...(page.activeUnder ? { activeUnder: page.activeUnder } : {}),
    };
  });
  return { sections: [{ title: 'Management', items }], switches: switchesFor(role, ['goToUserPanel']) };
}
