import {
  MAX_LIST_COUNT,
  type LIST_FORMATS,
  type PORT_TYPES,
  type SESSION_TYPES,
} from '@tollgate/contract/proxies/proxies';
import { MAX_SESSION_LIFETIME } from '@tollgate/contract/proxies/proxy-username';
import { formatNumber } from '#lib/format.ts';

export type ListFormat = (typeof LIST_FORMATS)[number];
export type PortType = (typeof PORT_TYPES)[number];
export type SessionType = (typeof SESSION_TYPES)[number];

export const LIST_FORMAT_LABELS: Record<ListFormat, string> = {
  'host:port:user:pass': 'host:port:user:pass',
  'user:pass@host:port': 'user:pass@host:port',
  url: 'URL with scheme (http:// or socks5://)',
};
export const PORT_TYPE_LABELS: Record<PortType, string> = { http: 'HTTP', socks5: 'SOCKS5' };
export const SESSION_LABELS: Record<SessionType, string> = { rotating: 'Rotating', sticky: 'Sticky' };

export const LIFETIME_ERROR = `Enter whole minutes from 1 to ${formatNumber(MAX_SESSION_LIFETIME)}`;
export const COUNT_ERROR = `Enter a whole number from 1 to ${formatNumber(MAX_LIST_COUNT)}`;
