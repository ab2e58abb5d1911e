import { useLocation } from 'react-router';
import { paths } from '#lib/paths.ts';
import ResellerDashboardPage from './reseller-dashboard-page.tsx';
import SubuserManagementPage from './subuser-management-page.tsx';

/** The route module of both programme pages (one import in the entry's route table). */
export default function ProgrammePage() {
  return useLocation().pathname === paths.subuserManagement ? <SubuserManagementPage /> : <ResellerDashboardPage />;
}
