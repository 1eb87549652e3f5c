import { SearchResults } from './search-results';

/** /docking: patent search results (keyword `val` or expression `expr`). */
export default function DockingPage() {
  return <SearchResults variant="app" />;
}
