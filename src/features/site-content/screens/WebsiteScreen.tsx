/**
 * /admin/website: the owner edits his website. Services, FAQs, team and towns are drafts until he
 * publishes; the bar at the top says what is live and how many changes are waiting
 * (docs/decisions/050-site-content.md).
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { keys, queries, queryClient } from "../../../admin/query";
import { Spinner } from "../../../admin/components/ui";
import { ContentList } from "./ContentList";
import { PreviewLinks } from "./PreviewLinks";
import { PublishBar } from "./PublishBar";
import { siteApi, type SiteContent, type SiteList } from "./api";
import { faqSpec, serviceSpec, teamSpec, townSpec } from "./specs";
import { GalleryPanel } from "./GalleryPanel";
import { LoadError } from "../../../admin/components/LoadError";

const tabs: { list: SiteList | "gallery"; label: string }[] = [
  { list: "services", label: "Services" },
  { list: "faqs", label: "FAQs" },
  { list: "team", label: "Team" },
  { list: "towns", label: "Towns" },
  { list: "gallery", label: "Gallery" },
];

function Panel({ list, site }: { list: SiteList | "gallery"; site: SiteContent }) {
  const changed = () => queryClient.invalidateQueries({ queryKey: keys.site });
  switch (list) {
    case "gallery":
      return <GalleryPanel site={site} onChanged={changed} />;
    case "services":
      return (
        <ContentList
          spec={serviceSpec}
          items={site.services}
          onAdd={siteApi.add.services}
          onUpdate={siteApi.update.services}
          onPublish={siteApi.publish}
          onChanged={changed}
        />
      );
    case "faqs":
      return (
        <ContentList
          spec={faqSpec}
          items={site.faqs}
          onAdd={siteApi.add.faqs}
          onUpdate={siteApi.update.faqs}
          onPublish={siteApi.publish}
          onChanged={changed}
        />
      );
    case "team":
      return (
        <ContentList
          spec={teamSpec}
          items={site.team}
          onAdd={siteApi.add.team}
          onUpdate={siteApi.update.team}
          onPublish={siteApi.publish}
          onChanged={changed}
        />
      );
    case "towns":
      return (
        <ContentList
          spec={townSpec}
          items={site.towns}
          onAdd={siteApi.add.towns}
          onUpdate={siteApi.update.towns}
          onPublish={siteApi.publish}
          onChanged={changed}
        />
      );
  }
}

export function WebsiteScreen() {
  const site = useQuery(queries.site());
  const [list, setList] = useState<SiteList | "gallery">("services");

  return (
    <div className="grid gap-5">
      <div>
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Website</h1>
        <p className="mt-1 max-w-2xl text-slate-600">
          Your services and prices, questions, team, the towns you cover and the gallery of your work. Changes
          are drafts until you publish them.
        </p>
      </div>
      {site.isPending ? <Spinner label="Loading the website…" /> : null}
      {site.isError ? (
        <LoadError what="The website’s content" onRetry={site.refetch} retrying={site.isFetching} />
      ) : null}
      {site.data ? (
        <>
          <PublishBar site={site.data} />
          <PreviewLinks />
          <div
            role="tablist"
            aria-label="What to edit"
            className="flex gap-1 overflow-x-auto border-b border-slate-200"
          >
            {tabs.map((t) => (
              <button
                key={t.list}
                type="button"
                role="tab"
                id={`site-tab-${t.list}`}
                aria-selected={list === t.list}
                aria-controls="site-panel"
                onClick={() => setList(t.list)}
                className="min-h-11 shrink-0 border-b-2 border-transparent px-4 text-sm font-semibold text-slate-600 hover:text-brand-800 aria-selected:border-brand-700 aria-selected:text-brand-900"
              >
                {t.label} ({site.data[t.list].length})
              </button>
            ))}
          </div>
          <div role="tabpanel" id="site-panel" aria-labelledby={`site-tab-${list}`} className="grid gap-3">
            {list === "services" ? (
              <p className="rounded-lg bg-brand-50 p-3 text-sm text-slate-700">
                Each service keeps the web address made from its first name, even when renamed. Hiding one
                takes it off the pages and the booking form; its old address then says it is no longer
                offered.
              </p>
            ) : null}
            <Panel list={list} site={site.data} />
          </div>
        </>
      ) : null}
    </div>
  );
}
