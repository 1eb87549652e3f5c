import { useLocation } from 'react-router';

/** Shows the router's current location, so tests can assert navigation. */
export function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{`${loc.pathname}${loc.search}`}</output>;
}
