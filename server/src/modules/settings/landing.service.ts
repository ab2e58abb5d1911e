import {
  announcementSchema,
  faqItemSchema,
  socialLinkSchema,
  statusSchema,
  type Announcement,
  type LandingPayload,
} from '@tollgate/contract/general/landing';
import { z } from 'zod';
import { cachedUntilChanged } from '#platform/cache/cached-until-changed.ts';
import type { ChangeFeed } from '#platform/cache/change-feed.ts';
import type { Db } from '#platform/db/client.ts';
import { settingsRepository } from './settings.repository';

const KEYS = ['SocialLinks', 'Copyright', 'Announcements', 'FAQ', 'Status'] as const;

export function createLandingService(deps: {
  db: Db;
  siteName: string;
  links: LandingPayload['Links'];
  log: { warn(obj: object, msg: string): void };
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
}) {
  const keys: ReadonlySet<string> = new Set(KEYS);

  /** A stored setting that does not fit its shape falls back instead of breaking the public site. */
  function readSetting<T extends z.ZodType>(
    key: (typeof KEYS)[number],
    schema: T,
    value: unknown,
    fallback: z.output<T>,
  ) {
    if (value === undefined) return fallback;
    // Structured settings may be stored as JSON text (spec §3 sends them so; older rows kept it).
    const parsed = schema.safeParse(key !== 'Copyright' && typeof value === 'string' ? jsonOrText(value) : value);
    if (parsed.success) return parsed.data as z.output<T>;
    deps.log.warn({ key, issues: parsed.error.issues }, 'setting does not fit its shape; using the default');
    return fallback;
  }

  /** What stays the same until a setting changes; announcements keep their window for `landing()`. */
  async function load(): Promise<Omit<LandingPayload, 'Announcements'> & { Announcements: WindowedAnnouncement[] }> {
    const stored = await settingsRepository.read(deps.db, KEYS);
    const year = new Date().getUTCFullYear();
    const status = readSetting('Status', statusSchema, stored.get('Status'), {
      overall: 'operational',
      message: 'All systems operational',
      components: [],
      updatedAt: new Date().toISOString(),
    });
    const announcements = readSetting('Announcements', z.array(windowedAnnouncement), stored.get('Announcements'), []);
    return {
      SocialLinks: { value: readSetting('SocialLinks', z.array(socialLinkSchema), stored.get('SocialLinks'), []) },
      Copyright: readSetting(
        'Copyright',
        z.string(),
        stored.get('Copyright'),
        `© ${year} ${deps.siteName}. All rights reserved.`,
      ),
      Announcements: newestFirst(announcements),
      FAQ: readSetting('FAQ', z.array(faqItemSchema), stored.get('FAQ'), []),
      Status: status,
      Links: deps.links,
    };
  }

  // Every instance drops its copy when the database announces a change to one of KEYS (ADR 024).
  const cached = cachedUntilChanged({
    changes: deps.changes,
    kind: 'setting',
    affects: (key) => keys.has(key),
    load: () =>
      load().catch((err: unknown) => {
        deps.log.warn({ err }, 'landing settings could not be read');
        throw err;
      }),
  });

  /** The landing at this moment: the cached settings with the announcements whose window is open now. */
  async function landing(): Promise<LandingPayload> {
    const settings = await cached();
    return { ...settings, Announcements: showingAt(settings.Announcements, Date.now()) };
  }

  return {
    landing,
    async announcements(): Promise<{ announcements: Announcement[] }> {
      return { announcements: (await landing()).Announcements };
    },
  };
}

/** An announcement as staff save it: shown from `startsAt` until `endsAt` (both optional, inclusive). */
const windowedAnnouncement = announcementSchema.extend({
  startsAt: z.iso.datetime({ offset: true }).nullish(),
  endsAt: z.iso.datetime({ offset: true }).nullish(),
});
type WindowedAnnouncement = z.output<typeof windowedAnnouncement>;

/** Those in their window at `now`, newest first, without the window (the landing's shape). */
function showingAt(list: WindowedAnnouncement[], now: number): Announcement[] {
  return list
    .filter((a) => (!a.startsAt || Date.parse(a.startsAt) <= now) && (!a.endsAt || now <= Date.parse(a.endsAt)))
    .map(({ startsAt: _startsAt, endsAt: _endsAt, ...shown }) => shown);
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function newestFirst<T extends Announcement>(list: T[]): T[] {
  return [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
