import { SuggestionsList } from '../components/suggestions-list.tsx';

/** /admin/suggestions: customers' suggestions for Administrators and Managers. */
export default function AdminSuggestionsPage() {
  return <SuggestionsList panel="admin" />;
}
