/**
 * Which page module the draft preview renders for a public path (src/pages/preview/[...path].astro):
 * `/preview/faqs` → src/pages/faqs.astro, `/preview/services` → src/pages/services/index.astro, and
 * a dynamic page such as src/pages/services/[id].astro for the paths its own static-paths function
 * lists, with the props it gives them. The live page and its preview are the same module.
 */
import type { AstroComponentFactory } from "astro/runtime/server/index.js";

type StaticPath = { params: Record<string, string | number | undefined>; props?: object };

export interface PageModule {
  default: AstroComponentFactory;
  getStaticPaths?: () => StaticPath[] | Promise<StaticPath[]>;
}

export type PageLoaders = Record<string, () => Promise<PageModule>>;

/** The page for `path` (no leading slash) among `pages` (keyed `../x.astro` as globbed), or undefined. */
export async function pageFor(
  pages: PageLoaders,
  path: string,
): Promise<{ Page: AstroComponentFactory; props: object } | undefined> {
  const segments = path.split("/").filter(Boolean);
  const files =
    segments.length === 0
      ? ["../index.astro"]
      : [`../${segments.join("/")}.astro`, `../${segments.join("/")}/index.astro`];
  for (const file of files) {
    const load = pages[file];
    if (load) return { Page: (await load()).default, props: {} };
  }
  const parent = segments.slice(0, -1).join("/");
  for (const [file, load] of Object.entries(pages)) {
    const match = /^\.\.\/(.*)\/\[(\w+)\]\.astro$/.exec(file);
    if (!match || match[1] !== parent || segments.length === 0) continue;
    const mod = await load();
    const found = ((await mod.getStaticPaths?.()) ?? []).find(
      (p) => String(p.params[match[2]!]) === segments.at(-1),
    );
    if (found) return { Page: mod.default, props: found.props ?? {} };
  }
  return undefined;
}
