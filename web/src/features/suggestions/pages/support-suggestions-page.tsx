import { SuggestionsList } from '../components/suggestions-list.tsx';

/** /support/suggestions: the same list in the support panel (DESIGN §10). */
export default function SupportSuggestionsPage() {
  return <SuggestionsList panel="support" />;
}
