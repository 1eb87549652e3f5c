import { AdvancedSearch } from './advanced-search';

/** /web/seniorSearch: the advanced search of the public site; results open in /web/search/list. */
export default function PublicAdvancedPage() {
  return <AdvancedSearch variant="public" />;
}
