import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SettingsPayload } from '@tollgate/contract/admin/settings';
import { PageHeader } from '#components/page-header.tsx';
import { useUnsavedChanges } from '#components/unsaved-changes.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { useAdminSettings } from '../api/settings.ts';
import { AnnouncementsSection } from '../components/announcements-section.tsx';
import { CopyrightSection } from '../components/copyright-section.tsx';
import { DirtyReport } from '../components/dirty-report.tsx';
import { FaqSection } from '../components/faq-section.tsx';
import { OwnServersSection } from '../components/own-servers-section.tsx';
import { PricesSection } from '../components/prices-section.tsx';
import { RewardsSection } from '../components/rewards-section.tsx';
import { SectionNav, sectionOf, type Section } from '../components/section-nav.tsx';
import { SocialLinksSection } from '../components/social-links-section.tsx';
import { StatusSection } from '../components/status-section.tsx';

function SectionEditor({
  section,
  settings,
  isAdministrator,
}: {
  section: Section;
  settings: SettingsPayload;
  isAdministrator: boolean;
}) {
  switch (section) {
    case 'social':
      return <SocialLinksSection settings={settings} />;
    case 'copyright':
      return <CopyrightSection settings={settings} />;
    case 'announcements':
      return <AnnouncementsSection settings={settings} />;
    case 'faq':
      return <FaqSection settings={settings} />;
    case 'status':
      return <StatusSection settings={settings} />;
    case 'prices':
      return <PricesSection settings={settings} />;
    case 'rewards':
      return <RewardsSection settings={settings} />;
    case 'own-servers':
      return <OwnServersSection settings={settings} canEdit={isAdministrator} />;
  }
}

/**
 * /admin/website-management: the operator's editors for what customers see (social links,
 * copyright, announcements, FAQ, status), the renewal prices and the gateway's own servers.
 * Each editor saves only its own settings; leaving with unsaved edits asks first.
 */
export default function WebsiteManagementPage() {
  const [params] = useSearchParams();
  const section = sectionOf(params.get('section'));
  const settings = useAdminSettings();
  const user = useCurrentUser();
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((id: string, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(id) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const leaveDialog = useUnsavedChanges(dirty.size > 0);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Website Management"
        description="What customers see on the site and in their area, the renewal prices and the gateway’s exits. Every change is audited."
      />
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <SectionNav current={section} />
        <div className="min-w-0">
          {settings.isPending || user.isPending ? (
            <PageSpinner />
          ) : settings.error ? (
            <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
          ) : (
            <DirtyReport.Provider value={report}>
              <SectionEditor
                key={section}
                section={section}
                settings={settings.data}
                isAdministrator={user.data?.role === 'Administrator'}
              />
            </DirtyReport.Provider>
          )}
        </div>
      </div>
      {leaveDialog}
    </div>
  );
}
