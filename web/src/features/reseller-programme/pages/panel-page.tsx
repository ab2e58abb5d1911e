import { matchPath, useLocation } from 'react-router';
import { paths } from '#lib/paths.ts';
import { panelSource } from '../api/panel.ts';
import { ResellerSourceContext } from '../api/source.ts';
import PanelApiKeyPage from './panel-api-key-page.tsx';
import PanelOrdersPage from './panel-orders-page.tsx';
import PanelOverviewPage from './panel-overview-page.tsx';
import PanelSubUsersPage from './panel-sub-users-page.tsx';

const { resellerPanel } = paths;

/**
 * The route module of the reseller panel's pages (ADR 044), one import in the entry's route table as
 * the programme's two pages are. The shared reseller components read and write through the panel's
 * own calls here (source.ts).
 */
export default function PanelPage() {
  const { pathname } = useLocation();
  const subUser = matchPath(resellerPanel.subUser, pathname);
  let view;
  if (subUser) view = <PanelSubUsersPage open={subUser.params.id ?? null} />;
  else if (matchPath(resellerPanel.subUsers, pathname)) view = <PanelSubUsersPage open={null} />;
  else if (matchPath(resellerPanel.orders, pathname)) view = <PanelOrdersPage />;
  else if (matchPath(resellerPanel.apiKey, pathname)) view = <PanelApiKeyPage />;
  else view = <PanelOverviewPage />;
  return <ResellerSourceContext value={panelSource}>{view}</ResellerSourceContext>;
}
