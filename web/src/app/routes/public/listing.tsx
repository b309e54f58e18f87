/** Placeholder until the page is built (issue 3): keeps the route table complete. */
import type { RouteHandle } from '../../head';

export const handle: RouteHandle = {};

export function Component() {
  return <h1>listing</h1>;
}
