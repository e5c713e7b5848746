/** Which navigation links are the current page or the current section, for a page's path. */
import { pagePath } from "../seo/structured-data";

export function navState(pathname: string) {
  const path = pagePath(pathname);
  return {
    isCurrent: (href: string) => path === href,
    isSection: (href: string) => href !== "/" && (path === href || path.startsWith(`${href}/`)),
  };
}
