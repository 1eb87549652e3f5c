import { SearchResults } from './search-results';

/** /web/search/list: the visitors' result list (analysis, no export). */
export default function PublicResultsPage() {
  return <SearchResults variant="public" />;
}
