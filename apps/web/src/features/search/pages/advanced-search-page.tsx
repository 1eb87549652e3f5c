import { AdvancedSearch } from './advanced-search';

/** /AdvancedSearch: the company user's and administrator's advanced search (`val` prefills 关键词). */
export default function AdvancedSearchPage() {
  return <AdvancedSearch variant="app" />;
}
